/**
 * The header's notification alert (SPEC §2): only for superadmin/admin/erp_admin and only when
 * the unread count is above zero. The count is the number of notifications the popup lists
 * (unread tickets not closed; server/modules/console/README.md), so the two always agree. It blinks
 * every 500 ms and opens the 'Problemi' popup (problems-popover.tsx, loaded on the first intent
 * over the alert); opening the popup reloads the data. The data comes from the notification
 * polling machine through seams.ts.
 */
import { Box, Button } from "@chakra-ui/react";
import { useState } from "react";
import { useOnIntent } from "../../components/on-intent";
import { CAPABILITIES, hasAny } from "../../domain/permissions";
import { usePermissions } from "../../machines/session-context";
import { BellIcon } from "./icons";
import { alertText, NotificationAlert } from "./notification-alert";
import { useProblemNotifications, useReloadNotifications } from "./seams";

const loadPopover = () => import("./problems-popover");

export function NotificationArea() {
  const permissions = usePermissions();
  const { items } = useProblemNotifications();
  const unread = items.length;
  const reload = useReloadNotifications();
  const [open, setOpen] = useState(false);
  const popover = useOnIntent(loadPopover);
  // An open popup stays open when a reload empties it ('Nessun problema segnalato').
  if (!hasAny(permissions, CAPABILITIES.notifications) || (unread <= 0 && !open)) return null;
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) reload();
  };
  const alert = (
    <Button variant="ghost" colorPalette="red" size="sm" aria-label={alertText(unread)}>
      <BellIcon />
      <NotificationAlert unread={unread} />
    </Button>
  );
  const { ProblemsPopover } = popover.loaded ?? {};
  return (
    <Box display="contents" {...popover.intentProps}>
      {ProblemsPopover ? (
        <ProblemsPopover items={items} open={open} onOpenChange={onOpenChange} trigger={alert} />
      ) : (
        popover.plainTrigger(alert, "dialog", open, () => onOpenChange(true))
      )}
    </Box>
  );
}
