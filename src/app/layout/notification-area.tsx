/**
 * The header's notification alert (SPEC §2): only for superadmin/admin/erp_admin and only when
 * the unread count is above zero. The count is the number of notifications the popup lists
 * (unread tickets not closed; server/modules/console/README.md), so the two always agree. It blinks every 500 ms and opens the 'Problemi' popup (list at
 * most 400 px high) with the operator's full name and DD/MM/YYYY HH:mm of each active problem;
 * an item opens its ticket (/console/ticket-supporto?ticket=<id>) or its anomaly (/console/anomalie?anomalia=<id>). Opening the popup reloads the data. The data
 * comes from the notification polling machine through seams.ts.
 */
import { Box, Button, Link, Popover, Portal, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import type { ProblemNotification } from "../../domain/contracts/console/ticket";
import { formatDateTime } from "../../domain/format";
import { CAPABILITIES, hasAny } from "../../domain/permissions";
import { LAYOUT } from "../../lib/theme";
import { usePermissions } from "../../machines/session-context";
import { BellIcon } from "./icons";
import { NotificationAlert } from "./notification-alert";
import { useProblemNotifications, useReloadNotifications } from "./seams";

export function ticketPath(id: number): string {
  return `/console/ticket-supporto?ticket=${id}`;
}

export function anomaliaPath(id: number): string {
  return `/console/anomalie?anomalia=${id}`;
}

/** Where an item of the popup leads: its ticket, or its anomaly. */
export function problemPath(n: ProblemNotification): string {
  return n.fonte === "anomalia" ? anomaliaPath(n.id) : ticketPath(n.id);
}

export function NotificationArea() {
  const permissions = usePermissions();
  const { items } = useProblemNotifications();
  const unread = items.length;
  const reload = useReloadNotifications();
  const [open, setOpen] = useState(false);
  // An open popup stays open when a reload empties it ('Nessun problema segnalato').
  if (!hasAny(permissions, CAPABILITIES.notifications) || (unread <= 0 && !open)) return null;
  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (e.open) reload();
      }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>
        <Button variant="ghost" colorPalette="red" size="sm">
          <BellIcon />
          <NotificationAlert unread={unread} />
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content aria-label="Problemi">
            <Popover.Header>
              <Popover.Title fontWeight="semibold">Problemi</Popover.Title>
            </Popover.Header>
            <Popover.Body>
              <Box maxH={`${LAYOUT.notificationListMaxHeight}px`} overflowY="auto" data-testid="problemi-list">
                {items.length === 0 ? (
                  <Text color="fg.muted">Nessun problema segnalato</Text>
                ) : (
                  <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
                    {items.map((n) => (
                      <Box as="li" key={`${n.fonte ?? "ticket"}-${n.id}`}>
                        <Link asChild display="block" py="1" _hover={{ bg: "gray.50" }}>
                          <RouterLink to={problemPath(n)} onClick={() => setOpen(false)}>
                            <Text as="span" fontWeight="medium" display="block">
                              {n.operatore.full_name}
                            </Text>
                            <Text as="span" fontSize="sm" color="fg.muted" display="block">
                              {formatDateTime(n.data_ora)}
                              {n.titolo ? ` · ${n.fonte === "anomalia" ? "Anomalia: " : ""}${n.titolo}` : ""}
                            </Text>
                          </RouterLink>
                        </Link>
                      </Box>
                    ))}
                  </Stack>
                )}
              </Box>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
