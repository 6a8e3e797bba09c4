/**
 * The side menu (SPEC §2, §6): groups and items of menuFor(permissions), width 260. In the phone's
 * drawer (`onNavigate` given) the header's quick actions come first (issue 32 item 12).
 */
import { Badge, Box, Flex, Link, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { NavLink } from "react-router-dom";
import { menuFor } from "../../domain/permissions";
import { BRAND } from "../../lib/brand";
import { usePermissions } from "../../machines/session-context";
import { quickActionsFor } from "./quick-actions";
import { useTicketUnreadCount } from "./seams";

function GroupTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Text
      id={id}
      px="3"
      mb="1"
      fontSize="xs"
      fontWeight="semibold"
      textTransform="uppercase"
      letterSpacing="wider"
      color="fg.muted"
    >
      {children}
    </Text>
  );
}

export function SidebarMenu({ onNavigate }: { onNavigate?: () => void }) {
  const permissions = usePermissions();
  const unreadTickets = useTicketUnreadCount();
  const groups = menuFor(permissions);
  const quick = onNavigate ? quickActionsFor(permissions) : [];
  return (
    <Box as="nav" aria-label="Menu principale" py="4" px="3">
      <Text fontWeight="bold" fontSize="lg" color="blue.700" px="3" mb="4">
        {BRAND.product}
      </Text>
      {groups.length === 0 && (
        <Text px="3" color="fg.muted" fontSize="sm">
          Nessuna sezione disponibile per il tuo profilo.
        </Text>
      )}
      <Stack gap="4">
        {quick.length > 0 && (
          <Box role="group" aria-labelledby="menu-group-azioni-rapide" hideFrom="md">
            <GroupTitle id="menu-group-azioni-rapide">Azioni rapide</GroupTitle>
            <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0">
              {quick.map(({ label, to }) => (
                <Box as="li" key={to}>
                  <Link asChild display="flex" px="3" py="2" borderRadius="md" color="fg" textDecoration="none">
                    <NavLink to={to} end onClick={onNavigate}>
                      {label}
                    </NavLink>
                  </Link>
                </Box>
              ))}
            </Stack>
          </Box>
        )}
        {groups.map((g) => (
          <Box key={g.id} role="group" aria-labelledby={`menu-group-${g.id}`}>
            <GroupTitle id={`menu-group-${g.id}`}>{g.title}</GroupTitle>
            <Stack as="ul" gap="0.5" listStyleType="none" m="0" p="0">
              {g.items.map((item) => (
                <Box as="li" key={item.id}>
                  <Link
                    asChild
                    display="flex"
                    px="3"
                    py="2"
                    borderRadius="md"
                    color="fg"
                    textDecoration="none"
                    _hover={{ bg: "gray.100", textDecoration: "none" }}
                    css={{ "&.active": { bg: "blue.50", color: "blue.700", fontWeight: "semibold" } }}
                  >
                    <NavLink to={item.path} end={item.path === "/"} onClick={onNavigate}>
                      <Flex w="full" justify="space-between" align="center">
                        <span>{item.title}</span>
                        {item.chip === "ticket-unread" && unreadTickets > 0 && (
                          <Badge
                            colorPalette="red"
                            variant="solid"
                            borderRadius="full"
                            aria-label={`${unreadTickets} ticket non letti`}
                            title={`${unreadTickets} ticket non letti`}
                          >
                            {unreadTickets}
                          </Badge>
                        )}
                      </Flex>
                    </NavLink>
                  </Link>
                </Box>
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
