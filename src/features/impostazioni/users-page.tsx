/**
 * Impostazioni → Utenti: the staff users with search and paging (a simple table until the shared
 * DataTable takes over), the create/edit drawer and the deactivation dialog.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  Input,
  Skeleton,
  Stack,
  Table,
  Text,
} from "@chakra-ui/react";
import { useState } from "react";
import { errorMessage } from "../../api/base";
import { useUsersQuery } from "../../api/users.endpoints";
import { TIMINGS } from "../../app/theme";
import type { StaffUser } from "../../domain/api-types";
import { formatDateTime } from "../../domain/format";
import { PERMISSIONS } from "../../domain/permissions";
import { DeactivateUserDialog } from "./deactivate-user-dialog";
import { useDebouncedValue } from "./use-debounced-value";
import { UserFormDrawer } from "./user-form-drawer";

const PAGE_SIZE = 25;
const LABELS = new Map(PERMISSIONS.map((p) => [p.code, p.label]));

type Editing = { user: StaffUser | null } | null;

export function UsersPage() {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [toDeactivate, setToDeactivate] = useState<StaffUser | null>(null);
  const global = useDebouncedValue(search.trim(), TIMINGS.searchDebounceMs);
  const { data, error, isLoading, isFetching } = useUsersQuery({ page, page_size: PAGE_SIZE, global });
  const count = data?.count ?? 0;
  const lastPage = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const from = count === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const to = Math.min(count, page * PAGE_SIZE);

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" wrap="wrap" gap="2">
        <Heading as="h1" size="xl">
          Utenti
        </Heading>
        <Button colorPalette="blue" onClick={() => setEditing({ user: null })}>
          Aggiungi utente
        </Button>
      </Flex>
      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Input
              aria-label="Ricerca"
              placeholder="Ricerca per nome utente, nome, cognome o email"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
              maxW="md"
            />
            {error && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>
                  Errore server: Si è verificato un problema durante il recupero dei dati (Error: {errorMessage(error)})
                </Alert.Title>
              </Alert.Root>
            )}
            {isLoading ? (
              <Stack gap="2" aria-label="Caricamento">
                <Skeleton h="8" />
                <Skeleton h="8" />
                <Skeleton h="8" />
              </Stack>
            ) : (
              <Table.ScrollArea>
                <Table.Root size="sm" aria-busy={isFetching} interactive>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>Nome utente</Table.ColumnHeader>
                      <Table.ColumnHeader>Nome e cognome</Table.ColumnHeader>
                      <Table.ColumnHeader>Email</Table.ColumnHeader>
                      <Table.ColumnHeader>Permessi</Table.ColumnHeader>
                      <Table.ColumnHeader>Stato</Table.ColumnHeader>
                      <Table.ColumnHeader>Ultimo accesso</Table.ColumnHeader>
                      <Table.ColumnHeader textAlign="end">Azioni</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {(data?.results ?? []).length === 0 && (
                      <Table.Row>
                        <Table.Cell colSpan={7}>
                          <Text color="fg.muted" py="4" textAlign="center">
                            Nessun risultato trovato
                          </Text>
                        </Table.Cell>
                      </Table.Row>
                    )}
                    {(data?.results ?? []).map((u) => (
                      <Table.Row key={u.id}>
                        <Table.Cell fontWeight="medium">{u.username}</Table.Cell>
                        <Table.Cell>{[u.nome, u.cognome].filter(Boolean).join(" ")}</Table.Cell>
                        <Table.Cell>{u.email}</Table.Cell>
                        <Table.Cell maxW="260px">
                          <Text lineClamp={2} fontSize="xs">
                            {u.permissions.map((p) => LABELS.get(p) ?? p).join(", ") || "—"}
                          </Text>
                        </Table.Cell>
                        <Table.Cell>
                          <Badge colorPalette={u.attivo ? "green" : "gray"}>
                            {u.attivo ? "Attivo" : "Disattivato"}
                          </Badge>
                        </Table.Cell>
                        <Table.Cell>{u.last_login ? formatDateTime(u.last_login) : "—"}</Table.Cell>
                        <Table.Cell textAlign="end">
                          <HStack justify="end" gap="1">
                            <Button
                              size="xs"
                              variant="outline"
                              onClick={() => setEditing({ user: u })}
                              aria-label={`Modifica ${u.username}`}
                            >
                              Modifica
                            </Button>
                            {u.attivo && (
                              <Button
                                size="xs"
                                variant="outline"
                                colorPalette="red"
                                onClick={() => setToDeactivate(u)}
                                aria-label={`Disattiva ${u.username}`}
                              >
                                Disattiva
                              </Button>
                            )}
                          </HStack>
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
            <Flex justify="space-between" align="center" wrap="wrap" gap="2">
              <Text fontSize="sm" color="fg.muted">
                {from}–{to} di {count}
              </Text>
              <HStack gap="2">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={page <= 1}
                  onClick={() => setPage((p) => Math.max(1, p - 1))}
                >
                  Precedente
                </Button>
                <Text fontSize="sm">
                  Pagina {page} di {lastPage}
                </Text>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={page >= lastPage}
                  onClick={() => setPage((p) => Math.min(lastPage, p + 1))}
                >
                  Successiva
                </Button>
              </HStack>
            </Flex>
          </Stack>
        </Card.Body>
      </Card.Root>
      <UserFormDrawer open={editing !== null} user={editing?.user ?? null} onClose={() => setEditing(null)} />
      <DeactivateUserDialog user={toDeactivate} onClose={() => setToDeactivate(null)} />
    </Stack>
  );
}
