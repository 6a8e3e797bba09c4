/**
 * The header alert's text, blinking every 500 ms (SPEC §2, §9) with framer-motion — its small `m`
 * component with the DOM animation features only (LazyMotion), not the whole library.
 */
import { domAnimation, LazyMotion, m } from "framer-motion";
import { TIMINGS } from "../../lib/timings";

export function alertText(unread: number): string {
  return `Attenzione. Ci sono ${unread} notifiche non lette`;
}

export function NotificationAlert({ unread }: { unread: number }) {
  return (
    <LazyMotion features={domAnimation} strict>
      <m.span
        data-testid="notification-alert"
        initial={{ opacity: 1 }}
        animate={{ opacity: 0.15 }}
        transition={{
          duration: TIMINGS.alertBlinkMs / 1000,
          repeat: Number.POSITIVE_INFINITY,
          repeatType: "reverse",
          ease: "easeInOut",
        }}
      >
        {alertText(unread)}
      </m.span>
    </LazyMotion>
  );
}
