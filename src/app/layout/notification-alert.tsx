/**
 * The header alert's text, blinking every 500 ms (SPEC §2, §9): a CSS animation on the theme's
 * `alert-blink` keyframes (src/lib/theme.ts) — full opacity to 0.15 in 500 ms and back — with no
 * animation library; still for a user who asks the system for reduced motion.
 */
import { Box } from "@chakra-ui/react";
import { TIMINGS } from "../../lib/timings";

export function alertText(unread: number): string {
  return `Attenzione. Ci sono ${unread} notifiche non lette`;
}

export const ALERT_BLINK = `alert-blink ${TIMINGS.alertBlinkMs}ms ease-in-out infinite alternate`;

/** The sentence from the `md` breakpoint up; on a phone only the count beside the bell (issue 32 item 12). */
export function NotificationAlert({ unread }: { unread: number }) {
  return (
    <>
      <Box
        as="span"
        data-testid="notification-alert"
        hideBelow="md"
        animation={ALERT_BLINK}
        _motionReduce={{ animation: "none" }}
      >
        {alertText(unread)}
      </Box>
      <Box as="span" aria-hidden hideFrom="md" animation={ALERT_BLINK} _motionReduce={{ animation: "none" }}>
        {unread}
      </Box>
    </>
  );
}
