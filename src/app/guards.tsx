/**
 * Route guards: RequireAuth (protected area; unauthenticated → /login remembering the target),
 * PublicOnly (login & co.; a logged-in user goes to the default path) and RequirePermission
 * (SPEC §6: any single match, 'all' for everyone; otherwise redirect or the permission error).
 */
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { hasAny } from "../domain/permissions";
import { PageLoader } from "../features/errors/page-loader";
import { PermissionError } from "../features/errors/permission-error";
import { usePermissions, useSessionPhase } from "../machines/session-context";

export const DEFAULT_PATH = "/";
export const LOGIN_PATH = "/login";

export interface FromState {
  from?: string;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const phase = useSessionPhase();
  const location = useLocation();
  if (phase === "pending") return <PageLoader label="Verifica della sessione…" />;
  if (phase === "loggedOut") {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={LOGIN_PATH} replace state={{ from } satisfies FromState} />;
  }
  return <>{children}</>;
}

export function PublicOnly({ children }: { children: ReactNode }) {
  const phase = useSessionPhase();
  const location = useLocation();
  if (phase === "pending") return <PageLoader label="Verifica della sessione…" />;
  if (phase === "loggedIn") {
    const from = (location.state as FromState | null)?.from;
    const target = from?.startsWith("/") && !from.startsWith(LOGIN_PATH) ? from : DEFAULT_PATH;
    return <Navigate to={target} replace />;
  }
  return <>{children}</>;
}

export interface RequirePermissionProps {
  capabilities: readonly string[];
  /** Where to send a user without permission; without it the permission error is shown. */
  redirectTo?: string;
  children: ReactNode;
}

export function RequirePermission({ capabilities, redirectTo, children }: RequirePermissionProps) {
  const permissions = usePermissions();
  if (hasAny(permissions, capabilities)) return <>{children}</>;
  if (redirectTo) return <Navigate to={redirectTo} replace />;
  return <PermissionError />;
}
