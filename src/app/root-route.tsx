/**
 * The root route of SPEC §2: the dashboard for superadmin/admin/erp_admin/erp_dashboard; else the
 * CMS control room for any cms_ permission; else 'Not Found'.
 */
import { Navigate } from "react-router-dom";
import { CAPABILITIES, hasAny, isCmsUser } from "../domain/permissions";
import { DashboardPage } from "../features/dashboard/dashboard-page";
import { NotFoundPage } from "../features/errors/not-found-page";
import { usePermissions } from "../machines/session-context";

export const CMS_HOME = "/cms/control-room/eventi-in-corso/";

export function RootRoute() {
  const permissions = usePermissions();
  if (hasAny(permissions, CAPABILITIES.dashboard)) return <DashboardPage />;
  if (isCmsUser(permissions)) return <Navigate to={CMS_HOME} replace />;
  return <NotFoundPage title="Not Found" />;
}
