/** Confirmation before deactivating a staff user, or refusing a pending registration. */
import { errorMessage } from "../../api/base";
import { useDeactivateUserMutation } from "../../api/users.endpoints";
import { ConfirmDialog } from "../../components/confirm-dialog";
import type { StaffUser } from "../../domain/api-types";
import { notify } from "../../lib/toaster";

export const DEACTIVATE_QUESTION =
  "Sei sicuro di voler disattivare questo utente? Non potrà più accedere finché non verrà riattivato.";
export const REFUSE_QUESTION =
  "Sei sicuro di voler rifiutare questa registrazione? L'utente resterà disattivato e non potrà accedere.";

export function DeactivateUserDialog({ user, onClose }: { user: StaffUser | null; onClose: () => void }) {
  const [deactivate, { isLoading }] = useDeactivateUserMutation();
  const refuse = Boolean(user?.in_attesa);
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
      title={`${refuse ? "Rifiuta la registrazione di" : "Disattiva utente"} ${user?.username ?? ""}`}
      question={refuse ? REFUSE_QUESTION : DEACTIVATE_QUESTION}
      confirmLabel={refuse ? "Rifiuta" : "Disattiva"}
      loading={isLoading}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
