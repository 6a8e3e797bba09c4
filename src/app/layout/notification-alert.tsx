/**
 * The header alert's text, blinking every 500 ms (SPEC §2, §9): a CSS animation on the theme's
 * `alert-blink` keyframes (src/lib/theme.ts) — dark red text, then white on dark red, switched
 * (steps, no fade: each phase keeps AA contrast, issue 32 item 13) every 500 ms — with no animation
 * library; still (dark red text) for a user who asks the system for reduced motion.
 */
import { Box } from "@chakra-ui/react";
import { TIMINGS } from "../../lib/timings";

export function alertText(unread: number): string {
  return `Attenzione. Ci sono ${unread} notifiche non lette`;
}

export const ALERT_BLINK = `alert-blink ${TIMINGS.alertBlinkMs}ms steps(1, end) infinite alternate`;

/** The sentence from the `md` breakpoint up; on a phone only the count beside the bell (issue 32 item 12). */
export function NotificationAlert({ unread }: { unread: number }) {
  return (
    <>
      <Box
        as="span"
        data-testid="notification-alert"
        hideBelow="md"
        color="red.700"
        px="1.5"
        borderRadius="sm"
        animation={ALERT_BLINK}
        _motionReduce={{ animation: "none" }}
      >
        {alertText(unread)}
      </Box>
      <Box
        as="span"
        aria-hidden
        hideFrom="md"
        color="red.700"
        px="1"
        borderRadius="sm"
        animation={ALERT_BLINK}
        _motionReduce={{ animation: "none" }}
      >
        {unread}
      </Box>
    </>
  );
}
