/**
 * Profile menu → 'Cambia password': the signed-in user's current password, the new one (the policy
 * of src/domain/password-policy under the field) and its confirmation. POST /api/auth/change-password/;
 * the server closes the user's other sessions and keeps this one.
 */
import { Button, CloseButton, Dialog, Portal, Stack } from "@chakra-ui/react";
import { FORM_ERROR } from "final-form";
import { Form } from "react-final-form";
import { useChangePasswordMutation } from "../../api/auth.endpoints";
import { errorMessage, fieldErrors } from "../../api/base";
import { TextField } from "../../components/form";
import { FormError } from "../../components/form/form-error";
import { SAME_PASSWORD } from "../../domain/auth-messages";
import { PASSWORD_POLICY_TEXT, passwordProblem } from "../../domain/password-policy";
import { notify } from "../../lib/toaster";
import { useCurrentUser } from "../../machines/session-context";

interface ChangePasswordValues {
  current_password: string;
  new_password: string;
  confirm: string;
}

export const PASSWORDS_DIFFER = "Le password non coincidono";

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [changePassword] = useChangePasswordMutation();
  const user = useCurrentUser();

  const submit = async (v: ChangePasswordValues) => {
    try {
      const res = await changePassword({ current_password: v.current_password, new_password: v.new_password }).unwrap();
      notify.success("Password aggiornata", res.detail);
    } catch (err) {
      return { ...fieldErrors(err), [FORM_ERROR]: errorMessage(err) };
    }
    onClose();
    return undefined;
  };

  return (
    <Dialog.Root open={open} onOpenChange={(d) => !d.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {/* Mounted only while open: every opening starts from empty fields. */}
            {open && (
              <Form<ChangePasswordValues>
                onSubmit={submit}
                render={({ handleSubmit, submitting, submitError }) => (
                  <form onSubmit={handleSubmit} noValidate aria-label="Cambia password">
                    <Dialog.Header>
                      <Dialog.Title>Cambia password</Dialog.Title>
                    </Dialog.Header>
                    <Dialog.Body>
                      <Stack gap="4">
                        <FormError message={submitError} />
                        <TextField
                          name="current_password"
                          label="Password attuale"
                          type="password"
                          required
                          autoComplete="current-password"
                          autoFocus
                        />
                        <TextField
                          name="new_password"
                          label="Nuova password"
                          type="password"
                          required
                          autoComplete="new-password"
                          helperText={PASSWORD_POLICY_TEXT}
                          validate={(p, all) =>
                            p === (all as ChangePasswordValues).current_password
                              ? SAME_PASSWORD
                              : (passwordProblem(p ?? "", user ?? {}) ?? undefined)
                          }
                        />
                        <TextField
                          name="confirm"
                          label="Conferma nuova password"
                          type="password"
                          required
                          autoComplete="new-password"
                          validate={(p, all) =>
                            p !== (all as ChangePasswordValues).new_password ? PASSWORDS_DIFFER : undefined
                          }
                        />
                      </Stack>
                    </Dialog.Body>
                    <Dialog.Footer>
                      <Button variant="outline" onClick={onClose}>
                        Annulla
                      </Button>
                      <Button type="submit" colorPalette="blue" loading={submitting}>
                        Cambia password
                      </Button>
                    </Dialog.Footer>
                  </form>
                )}
              />
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Chiudi" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
