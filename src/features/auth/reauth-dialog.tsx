/**
 * Issue 37: 'Conferma la tua identità' — the password, and the code of the app (or a recovery
 * code) when the user has the second factor; POST /api/auth/reauth/. The operation that asked
 * for it is then sent again (src/api/base.ts).
 */
import { Button, Dialog, Portal, Stack, Text } from "@chakra-ui/react";
import { FORM_ERROR } from "final-form";
import { Form } from "react-final-form";
import { errorMessage, fieldErrors } from "../../api/base";
import { mfaApi } from "../../api/mfa.endpoints";
import { TextField } from "../../components/form";
import { FormError } from "../../components/form/form-error";
import { REAUTH_DETAIL } from "../../domain/mfa";

export function ReauthDialog({ onClose }: { onClose: (ok: boolean) => void }) {
  const [reauth] = mfaApi.useReauthMutation();
  const { data: status } = mfaApi.useMfaStatusQuery();
  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && onClose(false)}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Form<{ password: string; code?: string }>
              onSubmit={async (v) => {
                try {
                  await reauth({ password: v.password, ...(v.code?.trim() ? { code: v.code.trim() } : {}) }).unwrap();
                } catch (err) {
                  const errors = fieldErrors(err);
                  return { ...errors, [FORM_ERROR]: errors ? undefined : errorMessage(err) };
                }
                onClose(true);
                return undefined;
              }}
              render={({ handleSubmit, submitting, submitError }) => (
                <form onSubmit={handleSubmit} noValidate aria-label="Conferma la tua identità">
                  <Dialog.Header>
                    <Dialog.Title>Conferma la tua identità</Dialog.Title>
                  </Dialog.Header>
                  <Dialog.Body>
                    <Stack gap="4">
                      <Text>{REAUTH_DETAIL}</Text>
                      <FormError message={submitError} />
                      <TextField
                        name="password"
                        label="Password"
                        type="password"
                        required
                        autoComplete="current-password"
                        autoFocus
                      />
                      {status?.enabled && (
                        <TextField
                          name="code"
                          label="Codice dell'app o di recupero"
                          required
                          inputMode="numeric"
                          autoComplete="one-time-code"
                        />
                      )}
                    </Stack>
                  </Dialog.Body>
                  <Dialog.Footer>
                    <Button variant="outline" onClick={() => onClose(false)}>
                      Annulla
                    </Button>
                    <Button type="submit" colorPalette="blue" loading={submitting}>
                      Conferma
                    </Button>
                  </Dialog.Footer>
                </form>
              )}
            />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
