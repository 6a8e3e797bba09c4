/**
 * The session actor for the whole app: created once with the real services, traced, and
 * notified by the base query when the server refuses the token (SESSION_EXPIRED). It also runs
 * the notification polling while logged in (NotificationsProvider, src/app/notifications-context.tsx).
 */
import { useActorRef, useSelector } from "@xstate/react";
import { createContext, type ReactNode, useContext, useEffect, useMemo } from "react";
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import { setUnauthorizedHandler } from "../api/base";
import { tokenStorage } from "../api/token-storage";
import type { Account } from "../domain/api-types";
import { combinedInspect, loadDevInspector } from "../machines/inspector";
import type { SessionMachine } from "../machines/session.machine";
import { appSessionMachine } from "../machines/session.services";
import { createTraceRecorder } from "../machines/trace";
import { NotificationsProvider } from "./notifications-context";
import type { AppStore } from "./store";

export type SessionActor = ActorRefFrom<SessionMachine>;
export type SessionSnapshot = SnapshotFrom<SessionMachine>;

const SessionContext = createContext<SessionActor | null>(null);

export interface SessionProviderProps {
  store: AppStore;
  navigate: (to: string) => void;
  children: ReactNode;
  /** Tests may pass a machine with stubbed actors. */
  machine?: SessionMachine;
}

export function SessionProvider({ store, navigate, children, machine }: SessionProviderProps) {
  const logic = useMemo(() => machine ?? appSessionMachine({ store, navigate }), [machine, store, navigate]);
  const recorder = useMemo(() => createTraceRecorder("session"), []);
  const actor = useActorRef(logic, {
    input: { hasStoredToken: Boolean(tokenStorage.get()) },
    inspect: combinedInspect(recorder),
  });
  useEffect(() => {
    void loadDevInspector();
    setUnauthorizedHandler(() => actor.send({ type: "SESSION_EXPIRED" }));
    return () => setUnauthorizedHandler(null);
  }, [actor]);
  return (
    <SessionContext.Provider value={actor}>
      <NotificationsProvider session={actor} store={store}>
        {children}
      </NotificationsProvider>
    </SessionContext.Provider>
  );
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
  if (s.matches("loggedOut") || s.matches("loggingIn")) return "loggedOut";
  return "pending";
}

export function useSessionPhase(): SessionPhase {
  return useSession(sessionPhase);
}

export function useCurrentUser(): Account | null {
  return useSession((s) => s.context.user);
}

export function usePermissions(): string[] {
  return useSession((s) => s.context.user?.permissions) ?? EMPTY;
}

const EMPTY: string[] = [];
