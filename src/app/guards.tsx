/**
 * Route guards: RequireAuth (protected area; unauthenticated → /login remembering the target, but an
 * unknown path shows 'Not found' as SPEC §2 says, logged in or not),
 * PublicOnly (login & co.; a logged-in user goes to the default path) and RequirePermission
 * (SPEC §6: any single match, 'all' for everyone; otherwise redirect or the permission error).
 */
import type { ReactNode } from "react";
import { Navigate, useLocation, useMatches } from "react-router-dom";
import { hasAny } from "../domain/permissions";
import { NotFoundPage } from "../features/errors/not-found-page";
import { PageLoader } from "../features/errors/page-loader";
import { PermissionError } from "../features/errors/permission-error";
import { usePermissions, useSessionPhase } from "../machines/session-context";

export const DEFAULT_PATH = "/";
export const LOGIN_PATH = "/login";

export interface FromState {
  from?: string;
}

/** The id of the catch-all route: an unknown path is 'Not found' whether or not one is logged in. */
export const NOT_FOUND_ROUTE_ID = "not-found";

export function RequireAuth({ children }: { children: ReactNode }) {
  const phase = useSessionPhase();
  const location = useLocation();
  const matches = useMatches();
  if (phase === "pending") return <PageLoader label="Verifica della sessione…" />;
  if (phase === "loggedOut") {
    if (matches.at(-1)?.id === NOT_FOUND_ROUTE_ID) return <NotFoundPage />;
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
