/**
 * The 'Problemi' popup of the header's notification alert (SPEC §2), loaded on the first intent
 * over the alert (src/components/on-intent.ts): the list of active problems, at most 400 px high,
 * each leading to its ticket or anomaly. Open and closed by NotificationArea.
 */
import { Box, Link, Popover, Portal, Stack, Text } from "@chakra-ui/react";
import type { ReactElement } from "react";
import { Link as RouterLink } from "react-router-dom";
import type { ProblemNotification } from "../../domain/contracts/console/ticket-supporto/schemas";
import { formatDateTime } from "../../domain/format";
import { LAYOUT } from "../../lib/theme";

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

export function ProblemsPopover({
  items,
  open,
  onOpenChange,
  trigger,
}: {
  items: ProblemNotification[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactElement;
}) {
  return (
    <Popover.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} lazyMount unmountOnExit>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
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
                      <Box as="li" key={n.chiave ?? `${n.fonte ?? "ticket"}-${n.id}`}>
                        <Link asChild display="block" py="1" _hover={{ bg: "gray.50" }}>
                          <RouterLink to={problemPath(n)} onClick={() => onOpenChange(false)}>
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
