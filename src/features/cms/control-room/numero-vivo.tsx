/**
 * A live figure of the control room that shows it changed: the new value slides in and fades up
 * (framer-motion, the card's motion library; its code comes with the CMS pages only, never with the
 * login or the dashboard — test/e2e/web-bytes.test.ts). Still for users who ask for reduced motion.
 */
import { domAnimation, LazyMotion, MotionConfig, m } from "framer-motion";

export function NumeroVivo({ value, text }: { value: number; text: string }) {
  return (
    <MotionConfig reducedMotion="user">
      <LazyMotion features={domAnimation} strict>
        <m.span
          key={value}
          style={{ display: "inline-block" }}
          initial={{ opacity: 0.3, y: -6 }}
          animate={{ opacity: 1, y: 0 }}
          transition={{ duration: 0.35, ease: "easeOut" }}
        >
          {text}
        </m.span>
      </LazyMotion>
    </MotionConfig>
  );
}
