/**
 * Opening a ticket or an anomaly marks it read (once) and reloads the header's notifications, so it
 * leaves the 'Problemi' popup and the alert's count. `mark` is the record's RTK mutation trigger.
 */
import { useEffect } from "react";
import { useNotificationsActor } from "../../../machines/session-context";

export function useMarkReadOnOpen(
  id: number | undefined,
  unread: boolean,
  mark: (id: number) => { unwrap(): Promise<unknown> },
): void {
  const notifications = useNotificationsActor();
  useEffect(() => {
    if (id === undefined || !unread) return;
    mark(id)
      .unwrap()
      .then(() => notifications?.send({ type: "RELOAD" }))
      .catch(() => {});
  }, [id, unread, mark, notifications]);
}
