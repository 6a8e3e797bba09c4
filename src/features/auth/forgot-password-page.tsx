/** Password reset request (SPEC §7): the server mails a link to /app/reset-password; then check-mail. */
import { Button, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { FORM_ERROR } from "final-form";
import { Form } from "react-final-form";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { useResetPasswordMutation } from "../../api/auth.endpoints";
import { errorMessage } from "../../api/base";
import { TextField } from "../../components/form";
import { FormError } from "../../components/form/form-error";

export function resetRedirectUrl(): string {
  return `${window.location.origin}/app/reset-password`;
}

export function ForgotPasswordPage() {
  const [resetPassword] = useResetPasswordMutation();
  const navigate = useNavigate();
  const submit = async (v: { username: string }) => {
    try {
      await resetPassword({ username: v.username.trim(), redirect_url: resetRedirectUrl() }).unwrap();
    } catch (err) {
      return { [FORM_ERROR]: errorMessage(err) };
    }
    navigate("/check-mail");
    return undefined;
  };
  return (
    <Form<{ username: string }>
      onSubmit={submit}
      render={({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Recupero password">
          <Stack gap="4">
            <Heading as="h1" size="lg">
              Password dimenticata
            </Heading>
            <Text color="fg.muted">
              Inserisci il tuo nome utente o la tua email: riceverai un link per reimpostarla.
            </Text>
            <FormError message={submitError} />
            <TextField name="username" label="Nome utente o email" required autoComplete="username" autoFocus />
            <Button type="submit" colorPalette="blue" loading={submitting}>
              Invia istruzioni
            </Button>
            <Link asChild color="blue.600" fontSize="sm">
              <RouterLink to="/login">Torna al login</RouterLink>
            </Link>
          </Stack>
        </form>
      )}
    />
  );
}
