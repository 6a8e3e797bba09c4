/**
 * Impostazioni → Utenti: the staff users on the shared ListScreen (search, permission and attivo
 * filters, sort, paging, grouping by stato, export, column chooser; state in the URL), the
 * create/edit drawer, the deactivation dialog and the approval of self-registered accounts
 * ('In attesa di approvazione': 'Abilita' activates them, 'Rifiuta' deactivates them), and each
 * active user's sessions ('Sessioni', issue 37: see and end them).
 */
import { Button, CloseButton, Dialog, Flex, Heading, Portal, Stack } from "@chakra-ui/react";
import { useMemo, useState } from "react";
import { errorMessage } from "../../api/base";
import { useUpdateUserMutation } from "../../api/users.endpoints";
import { ListScreen } from "../../components/data-table/list-screen";
import { SessionsTable } from "../../components/sessions-table";
import type { StaffUser } from "../../domain/contracts/auth/users";
import { notify } from "../../lib/toaster";
import { DeactivateUserDialog } from "./deactivate-user-dialog";
import { UserFormDrawer } from "./user-form-drawer";
import { USERS_FILTERS, type UserRow, usersColumns } from "./users-columns";

export const USERS_LIST_ID = "utenti";
export const USERS_LIST_PATH = "auth/users/";

type Editing = { user: StaffUser | null } | null;

export const USER_ENABLED = "Utente abilitato: ora può accedere";

export function UsersPage() {
  const [editing, setEditing] = useState<Editing>(null);
  const [toDeactivate, setToDeactivate] = useState<StaffUser | null>(null);
  const [sessionsOf, setSessionsOf] = useState<StaffUser | null>(null);
  const [updateUser] = useUpdateUserMutation();
  const columns = useMemo(() => {
    const onEnable = async (user: StaffUser) => {
      try {
        await updateUser({ id: user.id, data: { attivo: true } }).unwrap();
        notify.success(USER_ENABLED);
      } catch (err) {
        notify.error(`Si è verificato un errore (${errorMessage(err)})`);
      }
    };
    return usersColumns({
      onEdit: (user) => setEditing({ user }),
      onDeactivate: setToDeactivate,
      onEnable,
      onSessions: setSessionsOf,
    });
  }, [updateUser]);

  return (
    <Stack gap="3" p="4">
      <Flex justify="space-between" align="center" wrap="wrap" gap="2">
        <Heading as="h1" size="lg">
          Utenti
        </Heading>
        <Button colorPalette="blue" onClick={() => setEditing({ user: null })}>
          Aggiungi utente
        </Button>
      </Flex>
      <ListScreen<UserRow>
        listId={USERS_LIST_ID}
        path={USERS_LIST_PATH}
        defaults={{ sort: { field: "username", asc: true }, autoload: true }}
        filters={USERS_FILTERS}
        columns={columns}
        rowKey={(u) => u.id}
        // A row opens the user's form, as its Modifica button does (issue 32 item 4).
        onRowOpen={(u) => setEditing({ user: u })}
        reorderable
        aria-label="Utenti"
      />
      <UserFormDrawer open={editing !== null} user={editing?.user ?? null} onClose={() => setEditing(null)} />
      <DeactivateUserDialog user={toDeactivate} onClose={() => setToDeactivate(null)} />
      <Dialog.Root open={sessionsOf !== null} onOpenChange={(d) => !d.open && setSessionsOf(null)} size="xl">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Sessioni attive di {sessionsOf?.username}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{sessionsOf && <SessionsTable userId={sessionsOf.id} />}</Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Chiudi" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
