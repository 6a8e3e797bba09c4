/**
 * Registration (SPEC §7): asks for an account, which an administrator enables before the first
 * login (the server answers the same whether or not the name was free), then back to login.
 */
import { Button, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { FORM_ERROR } from "final-form";
import { Form } from "react-final-form";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { useRegisterMutation } from "../../api/auth.endpoints";
import { errorMessage, fieldErrors } from "../../api/base";
import { TextField } from "../../components/form";
import { FormError } from "../../components/form/form-error";
import { passwordProblem } from "../../domain/password-policy";
import { notify } from "../../lib/toaster";

interface RegisterValues {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  confirm: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function RegisterPage() {
  const [register] = useRegisterMutation();
  const navigate = useNavigate();
  const submit = async (v: RegisterValues) => {
    try {
      const res = await register({
        id: v.id.trim(),
        email: v.email.trim(),
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        password: v.password,
      }).unwrap();
      notify.success("Registrazione inviata", res.detail);
    } catch (err) {
      return { ...fieldErrors(err), [FORM_ERROR]: errorMessage(err) };
    }
    navigate("/login");
    return undefined;
  };
  return (
    <Form<RegisterValues>
      onSubmit={submit}
      render={({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Registrazione">
          <Stack gap="4">
            <Heading as="h1" size="lg">
              Registrati
            </Heading>
            <FormError message={submitError} />
            <TextField name="id" label="Nome utente" required autoComplete="username" />
            <TextField
              name="email"
              label="Email"
              type="email"
              required
              validate={(v) => (v && !EMAIL.test(v) ? "Inserisci un indirizzo email valido" : undefined)}
            />
            <TextField name="firstName" label="Nome" required />
            <TextField name="lastName" label="Cognome" required />
            <TextField
              name="password"
              label="Password"
              type="password"
              required
              autoComplete="new-password"
              validate={(v, all) => {
                const a = all as RegisterValues;
                return (
                  passwordProblem(v ?? "", {
                    username: a.id,
                    email: a.email,
                    nome: a.firstName,
                    cognome: a.lastName,
                  }) ?? undefined
                );
              }}
            />
            <TextField
              name="confirm"
              label="Conferma password"
              type="password"
              required
              autoComplete="new-password"
              validate={(v, all) => (v !== (all as RegisterValues).password ? "Le password non coincidono" : undefined)}
            />
            <Button type="submit" colorPalette="blue" loading={submitting}>
              Registrati
            </Button>
            <Text fontSize="sm">
              Hai già un account?{" "}
              <Link asChild color="blue.600">
                <RouterLink to="/login">Accedi</RouterLink>
              </Link>
            </Text>
          </Stack>
        </form>
      )}
    />
  );
}
