/**
 * The session actor for the whole app (src/machines/session.machine.ts) and the hooks that read
 * it: the session is the one source of the current user, its permissions and the notification
 * polling it invokes while logged in. The provider starts the actor traced ("session", and the
 * invoked polling as "notifications") and tells it when the server refuses the token
 * (SESSION_EXPIRED from the base query).
 *
 * Components may read the user without a provider around them (tests render components alone):
 * `useCurrentUser()` is then null.
 */
import { useActorRef, useSelector } from "@xstate/react";
import { createContext, type ReactNode, useContext, useEffect, useMemo } from "react";
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import { setUnauthorizedHandler } from "../api/base";
import { tokenStorage } from "../api/token-storage";
import type { Account } from "../domain/contracts/auth/credentials";
import { combinedInspect, loadDevInspector } from "./inspector";
import type { NotificationsMachine } from "./notifications.machine";
import type { SessionMachine } from "./session.machine";
import { createTraceRecorder } from "./trace";

export type SessionActor = ActorRefFrom<SessionMachine>;
export type SessionSnapshot = SnapshotFrom<SessionMachine>;
export type NotificationsActor = ActorRefFrom<NotificationsMachine>;
export type NotificationsSnapshot = SnapshotFrom<NotificationsMachine>;

/** The invoke id and systemId of the polling in the session's `loggedIn` state. */
export const NOTIFICATIONS_ID = "notifications";

const SessionContext = createContext<SessionActor | null>(null);

export interface SessionProviderProps {
  /** The session machine with its side effects (src/machines/session.services.ts; tests may stub them). */
  machine: SessionMachine;
  children: ReactNode;
}

export function SessionProvider({ machine, children }: SessionProviderProps) {
  const recorders = useMemo(
    () => [
      createTraceRecorder("session", { skip: [NOTIFICATIONS_ID] }),
      createTraceRecorder(NOTIFICATIONS_ID, { actor: NOTIFICATIONS_ID }),
    ],
    [],
  );
  const actor = useActorRef(machine, {
    input: { hasStoredToken: Boolean(tokenStorage.get()) },
    inspect: combinedInspect(...recorders),
  });
  useEffect(() => {
    void loadDevInspector();
    setUnauthorizedHandler(() => actor.send({ type: "SESSION_EXPIRED" }));
    return () => setUnauthorizedHandler(null);
  }, [actor]);
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error("useSessionActor fuori da SessionProvider");
  return actor;
}

export function useSession<T>(selector: (s: SessionSnapshot) => T): T {
  return useSelector(useSessionActor(), selector);
}

export type SessionPhase = "pending" | "loggedIn" | "loggedOut";

/** pending while the stored token is checked or a login/logout is running. */
export function sessionPhase(s: SessionSnapshot): SessionPhase {
  if (s.matches("loggedIn")) return "loggedIn";
  // between the password and the second factor the user is still signed out (issue 37)
  if (
    s.matches("loggedOut") ||
    s.matches("loggingIn") ||
    s.matches("loggingInSso") ||
    s.matches("secondFactor") ||
    s.matches("verifyingCode")
  )
    return "loggedOut";
  return "pending";
}

export function useSessionPhase(): SessionPhase {
  return useSession(sessionPhase);
}

/** The signed-in user (the session's account), or null — also outside a SessionProvider. */
export function useCurrentUser(): Account | null {
  const actor = useContext(SessionContext) ?? undefined;
  return useSelector(actor, (s) => s?.context.user ?? null);
}

/** The username column preferences are kept under ('anonimo' without a signed-in user). */
export function useUsername(): string {
  return useCurrentUser()?.username || "anonimo";
}

export function usePermissions(): string[] {
  return useCurrentUser()?.permissions ?? EMPTY;
}

const EMPTY: string[] = [];

/** The notification polling the session runs while logged in, or undefined when logged out. */
export function useNotificationsActor(): NotificationsActor | undefined {
  return useSession((s) => s.children[NOTIFICATIONS_ID] as NotificationsActor | undefined);
}

/** A value of the polling's snapshot (`undefined` snapshot while logged out). */
export function useNotifications<T>(selector: (s: NotificationsSnapshot | undefined) => T): T {
  return useSelector(useNotificationsActor(), selector);
}
