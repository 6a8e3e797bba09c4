/**
 * Seams for data that later modules provide (the notification polling machine, the support
 * summary). Until then they report nothing, and the shell shows nothing (SPEC §2: the chip and the
 * alert appear only for a count above zero). Replace the bodies, keep the signatures.
 */

/** SPEC §3 Support notification. */
export interface ProblemNotification {
  id: number;
  operatore: { full_name: string };
  data_ora: string;
}

export interface NotificationsView {
  unread: number;
  items: ProblemNotification[];
}

const NONE: NotificationsView = { unread: 0, items: [] };

/** Unread support-ticket count for the 'Ticket supporto' chip (GET /api/comunicazioni/summary/). */
export function useTicketUnreadCount(): number {
  return 0;
}

/** Active problems for the header alert (GET /api/comunicazioni/problemi-attivi/, polled). */
export function useProblemNotifications(): NotificationsView {
  return NONE;
}
