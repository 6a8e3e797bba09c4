/**
 * The shell's view of the notification polling machine (src/machines/notifications.machine.ts,
 * invoked by the session machine while logged in): the unread ticket
 * count of the 'Ticket supporto' chip and the header alert, and the active problems of its popup.
 */
import { useCallback, useMemo } from "react";
import type { ProblemNotification } from "../../api/console/notifiche.endpoints";
import { useNotifications, useNotificationsActor } from "../../machines/session-context";

/** SPEC §3 Support notification. */
export type { ProblemNotification };

export interface NotificationsView {
  /** Unread support tickets (the side menu chip). */
  unread: number;
  /** Unread tickets not closed, newest first: the 'Problemi' popup; the alert's N is their number. */
  items: ProblemNotification[];
}

/** Unread support-ticket count for the 'Ticket supporto' chip (GET /api/comunicazioni/summary/). */
export function useTicketUnreadCount(): number {
  return useNotifications((s) => s?.context.unread ?? 0);
}

const NO_PROBLEMS: ProblemNotification[] = [];

/** Active problems for the header alert (GET /api/comunicazioni/problemi-attivi/, polled). */
export function useProblemNotifications(): NotificationsView {
  const unread = useNotifications((s) => s?.context.unread ?? 0);
  const items = useNotifications((s) => s?.context.problems ?? NO_PROBLEMS);
  return useMemo(() => ({ unread, items }), [unread, items]);
}

/** Fetches problems and summary now (e.g. after a ticket was read); ignored while a fetch runs. */
export function useReloadNotifications(): () => void {
  const actor = useNotificationsActor();
  return useCallback(() => actor?.send({ type: "RELOAD" }), [actor]);
}
