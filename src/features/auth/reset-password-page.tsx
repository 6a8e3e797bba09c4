/**
 * Reset password, the target of the mailed link: without a verified code it sends the user to
 * code-verification first; then the new password (policy of src/domain) and its confirmation.
 */
import { Button, Heading, Stack } from "@chakra-ui/react";
import { FORM_ERROR } from "final-form";
import { Form } from "react-final-form";
import { Navigate, useNavigate } from "react-router-dom";
import { useResetPasswordConfirmMutation } from "../../api/auth.endpoints";
import { errorMessage, fieldErrors } from "../../api/base";
import { TextField } from "../../components/form";
import { FormError } from "../../components/form/form-error";
import { PASSWORD_POLICY_TEXT, passwordProblem } from "../../domain/password-policy";
import { notify } from "../../lib/toaster";
import { InvalidLink } from "./invalid-link";
import { resetQuery, useResetLink, useVerifiedCode } from "./reset-link";

interface NewPasswordValues {
  password: string;
  confirm: string;
}

export function ResetPasswordPage() {
  const link = useResetLink();
  const code = useVerifiedCode();
  const [confirm] = useResetPasswordConfirmMutation();
  const navigate = useNavigate();
  if (!link) return <InvalidLink />;
  if (!code) return <Navigate to={`/code-verification${resetQuery(link)}`} replace />;
  const submit = async (v: NewPasswordValues) => {
    try {
      await confirm({ ...link, code, password: v.password }).unwrap();
    } catch (err) {
      return { ...fieldErrors(err), [FORM_ERROR]: errorMessage(err) };
    }
    notify.success("Password aggiornata", "Accedi con la nuova password.");
    navigate("/login", { replace: true });
    return undefined;
  };
  return (
    <Form<NewPasswordValues>
      onSubmit={submit}
      render={({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Nuova password">
          <Stack gap="4">
            <Heading as="h1" size="lg">
              Imposta una nuova password
            </Heading>
            <FormError message={submitError} />
            <TextField
              name="password"
              label="Nuova password"
              type="password"
              required
              autoComplete="new-password"
              autoFocus
              helperText={PASSWORD_POLICY_TEXT}
              validate={(v) => passwordProblem(v ?? "") ?? undefined}
            />
            <TextField
              name="confirm"
              label="Conferma password"
              type="password"
              required
              autoComplete="new-password"
              validate={(v, all) =>
                v !== (all as NewPasswordValues).password ? "Le password non coincidono" : undefined
              }
            />
            <Button type="submit" colorPalette="blue" loading={submitting}>
              Salva password
            </Button>
          </Stack>
        </form>
      )}
    />
  );
}
