/**
 * The header's notification alert (SPEC §2): only for superadmin/admin/erp_admin and only when
 * the unread count is above zero. It blinks every 500 ms and opens the 'Problemi' list. The data
 * comes from the seam in seams.ts (the polling machine of a later issue).
 */
import { Box, Button, Link, Popover, Portal, Stack, Text } from "@chakra-ui/react";
import { motion } from "framer-motion";
import { Link as RouterLink } from "react-router-dom";
import { formatDateTime } from "../../domain/format";
import { CAPABILITIES, hasAny } from "../../domain/permissions";
import { usePermissions } from "../session-context";
import { LAYOUT, TIMINGS } from "../theme";
import { BellIcon } from "./icons";
import { useProblemNotifications } from "./seams";

export function NotificationArea() {
  const permissions = usePermissions();
  const { unread, items } = useProblemNotifications();
  if (!hasAny(permissions, CAPABILITIES.notifications) || unread <= 0) return null;
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="ghost" colorPalette="red" size="sm">
          <BellIcon />
          <motion.span
            animate={{ opacity: [1, 0.2, 1] }}
            transition={{ duration: (TIMINGS.alertBlinkMs * 2) / 1000, repeat: Number.POSITIVE_INFINITY }}
          >
            Attenzione. Ci sono {unread} notifiche non lette
          </motion.span>
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content>
            <Popover.Header fontWeight="semibold">Problemi</Popover.Header>
            <Popover.Body>
              <Box maxH={`${LAYOUT.notificationListMaxHeight}px`} overflowY="auto">
                {items.length === 0 ? (
                  <Text color="fg.muted">Nessun problema segnalato</Text>
                ) : (
                  <Stack gap="2">
                    {items.map((n) => (
                      <Link key={n.id} asChild>
                        <RouterLink to="/console/ticket-supporto">
                          {n.operatore.full_name} — {formatDateTime(n.data_ora)}
                        </RouterLink>
                      </Link>
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
