/**
 * The dashboard: a welcome card with the user's name, the day's figures (dashboard-figures.tsx,
 * loaded on demand so the first page after login does not carry them), the sections they may open.
 */
import { Box, Card, Heading, Link, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { lazy, Suspense } from "react";
import { Link as RouterLink } from "react-router-dom";
import { formatDate } from "../../domain/format";
import { menuFor } from "../../domain/permissions";
import { useCurrentUser, usePermissions } from "../../machines/session-context";

const DashboardFigures = lazy(() => import("./dashboard-figures").then((m) => ({ default: m.DashboardFigures })));

export function DashboardPage() {
  const user = useCurrentUser();
  const groups = menuFor(usePermissions())
    .map((g) => ({ ...g, items: g.items.filter((i) => i.path !== "/") }))
    .filter((g) => g.items.length > 0);
  const name = [user?.nome, user?.cognome].filter(Boolean).join(" ") || user?.username;
  return (
    <Stack gap="4">
      <Box>
        <Heading as="h1" size="xl">
          Dashboard
        </Heading>
        <Heading as="h2" size="md" fontWeight="normal" display="inline" me="2">
          Benvenuto, {name}
        </Heading>
        <Text as="span" color="fg.muted">
          Oggi è il {formatDate(new Date())}. Scegli una sezione per iniziare.
        </Text>
      </Box>
      <Suspense fallback={<Skeleton height="48" />}>
        <DashboardFigures />
      </Suspense>
      <SimpleGrid minChildWidth="11rem" gap="3">
        {groups.map((g) => (
          <Card.Root key={g.id} variant="outline" size="sm">
            <Card.Header>
              <Heading as="h3" size="sm">
                {g.title}
              </Heading>
            </Card.Header>
            <Card.Body>
              <Stack gap="0.5" fontSize="sm">
                {g.items.map((i) => (
                  <Box key={i.id}>
                    <Link asChild color="blue.600">
                      <RouterLink to={i.path}>{i.title}</RouterLink>
                    </Link>
                  </Box>
                ))}
              </Stack>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
