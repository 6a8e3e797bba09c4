/**
 * The header's alarms (issue 33 item 6): for users with CAPABILITIES.allarmi only, the live banner
 * (./allarmi-banner.tsx, its own chunk with its machine) above the notifications; nothing at all —
 * no code, no request — for the others, whose header and polling stay as SPEC says.
 */
import { lazy, Suspense } from "react";
import { CAPABILITIES, hasAny } from "../../domain/permissions";
import { usePermissions } from "../../machines/session-context";

const AllarmiBanner = lazy(() => import("./allarmi-banner").then((m) => ({ default: m.AllarmiBanner })));

export function AllarmiArea() {
  const permissions = usePermissions();
  if (!hasAny(permissions, CAPABILITIES.allarmi)) return null;
  return (
    <Suspense fallback={null}>
      <AllarmiBanner />
    </Suspense>
  );
}
