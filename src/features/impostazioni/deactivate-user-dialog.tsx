/** Confirmation before deactivating a staff user. */
import { errorMessage } from "../../api/base";
import { useDeactivateUserMutation } from "../../api/users.endpoints";
import { notify } from "../../app/toaster";
import { ConfirmDialog } from "../../components/confirm-dialog";
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
    <ConfirmDialog
      open={user !== null}
      title={`Disattiva utente ${user?.username ?? ""}`}
      question={DEACTIVATE_QUESTION}
      confirmLabel="Disattiva"
      loading={isLoading}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
