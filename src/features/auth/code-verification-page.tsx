/**
 * Code verification: the 6-digit code mailed with the reset link is checked on the server, then
 * the new-password form of reset-password opens.
 */
import { Button, Heading, Stack, Text } from "@chakra-ui/react";
import { FORM_ERROR } from "final-form";
import { Form } from "react-final-form";
import { useNavigate } from "react-router-dom";
import { useVerifyCodeMutation } from "../../api/auth.endpoints";
import { errorMessage, fieldErrors } from "../../api/base";
import { TextField } from "../../components/form";
import { FormError } from "../../components/form/form-error";
import { InvalidLink } from "./invalid-link";
import { resetQuery, useResetLink } from "./reset-link";

export function CodeVerificationPage() {
  const link = useResetLink();
  const [verify] = useVerifyCodeMutation();
  const navigate = useNavigate();
  if (!link) return <InvalidLink />;
  const submit = async (v: { code: string }) => {
    const code = v.code.trim();
    try {
      await verify({ ...link, code }).unwrap();
    } catch (err) {
      return { ...fieldErrors(err), [FORM_ERROR]: errorMessage(err) };
    }
    navigate(`/reset-password${resetQuery(link)}`, { state: { code }, replace: true });
    return undefined;
  };
  return (
    <Form<{ code: string }>
      onSubmit={submit}
      render={({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Verifica codice">
          <Stack gap="4">
            <Heading as="h1" size="lg">
              Verifica codice
            </Heading>
            <Text color="fg.muted">Inserisci il codice di 6 cifre che trovi nell'email.</Text>
            <FormError message={submitError} />
            <TextField
              name="code"
              label="Codice di verifica"
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
              validate={(v) => (v && !/^\d{6}$/.test(v.trim()) ? "Il codice è composto da 6 cifre" : undefined)}
            />
            <Button type="submit" colorPalette="blue" loading={submitting}>
              Verifica
            </Button>
          </Stack>
        </form>
      )}
    />
  );
}
