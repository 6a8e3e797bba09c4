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
    <Stack gap="6">
      <Heading as="h1" size="xl">
        Dashboard
      </Heading>
      <Card.Root>
        <Card.Body>
          <Heading as="h2" size="lg" mb="1">
            Benvenuto, {name}
          </Heading>
          <Text color="fg.muted">Oggi è il {formatDate(new Date())}. Scegli una sezione per iniziare.</Text>
        </Card.Body>
      </Card.Root>
      <Suspense fallback={<Skeleton height="48" />}>
        <DashboardFigures />
      </Suspense>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        {groups.map((g) => (
          <Card.Root key={g.id} variant="outline">
            <Card.Header>
              <Heading as="h3" size="md">
                {g.title}
              </Heading>
            </Card.Header>
            <Card.Body>
              <Stack gap="1">
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
