/**
 * The notification polling actor for the whole app (src/machines/notifications.machine.ts),
 * traced as "notifications". SessionProvider mounts it and the session drives it: START with the
 * user's permissions on entering loggedIn (and again when they change), STOP on leaving it, so the
 * server is polled only while logged in (SPEC §4). Screens read it through src/app/layout/seams.ts.
 */
import { useActorRef, useSelector } from "@xstate/react";
import { createContext, type ReactNode, useContext, useEffect, useMemo } from "react";
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import { combinedInspect } from "../machines/inspector";
import type { NotificationsMachine } from "../machines/notifications.machine";
import { appNotificationsMachine } from "../machines/notifications.services";
import { createTraceRecorder } from "../machines/trace";
import type { SessionActor } from "./session-context";
import type { AppStore } from "./store";

export type NotificationsActor = ActorRefFrom<NotificationsMachine>;
export type NotificationsSnapshot = SnapshotFrom<NotificationsMachine>;

const NotificationsContext = createContext<NotificationsActor | null>(null);

export interface NotificationsProviderProps {
  session: SessionActor;
  store: AppStore;
  children: ReactNode;
  /** Tests may pass a machine with a stubbed poll. */
  machine?: NotificationsMachine;
}

const SEP = "\n";

export function NotificationsProvider({ session, store, children, machine }: NotificationsProviderProps) {
  const logic = useMemo(() => machine ?? appNotificationsMachine(store), [machine, store]);
  const recorder = useMemo(() => createTraceRecorder("notifications"), []);
  const actor = useActorRef(logic, { inspect: combinedInspect(recorder) });
  const loggedIn = useSelector(session, (s) => s.matches("loggedIn"));
  const permissions = useSelector(session, (s) => (s.context.user?.permissions ?? []).join(SEP));
  useEffect(() => {
    if (loggedIn) actor.send({ type: "START", permissions: permissions ? permissions.split(SEP) : [] });
    else if (!actor.getSnapshot().matches("stopped")) actor.send({ type: "STOP" });
  }, [actor, loggedIn, permissions]);
  return <NotificationsContext.Provider value={actor}>{children}</NotificationsContext.Provider>;
}

export function useNotificationsActor(): NotificationsActor {
  const actor = useContext(NotificationsContext);
  if (!actor) throw new Error("useNotificationsActor fuori da NotificationsProvider");
  return actor;
}

export function useNotifications<T>(selector: (s: NotificationsSnapshot) => T): T {
  return useSelector(useNotificationsActor(), selector);
}
