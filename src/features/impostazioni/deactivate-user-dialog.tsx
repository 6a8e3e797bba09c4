/** Confirmation before deactivating a staff user. */
import { Button, Dialog, Portal } from "@chakra-ui/react";
import { errorMessage } from "../../api/base";
import { useDeactivateUserMutation } from "../../api/users.endpoints";
import { notify } from "../../app/toaster";
import type { StaffUser } from "../../domain/api-types";

export const DEACTIVATE_QUESTION =
  "Sei sicuro di voler disattivare questo utente? Non potrà più accedere finché non verrà riattivato.";

export function DeactivateUserDialog({ user, onClose }: { user: StaffUser | null; onClose: () => void }) {
  const [deactivate, { isLoading }] = useDeactivateUserMutation();
  const confirm = async () => {
    if (!user) return;
    try {
      await deactivate(user.id).unwrap();
      notify.success("Modifiche salvate correttamente");
      onClose();
    } catch (err) {
      notify.error(`Si è verificato un errore (${errorMessage(err)})`);
    }
  };
  return (
    <Dialog.Root open={user !== null} onOpenChange={(d) => !d.open && onClose()} role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Disattiva utente {user?.username}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{DEACTIVATE_QUESTION}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Annulla
              </Button>
              <Button colorPalette="red" onClick={confirm} loading={isLoading}>
                Disattiva
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
