/**
 * Login (SPEC §2, §8): username and password; 'Accedi' sends LOGIN to the session machine, which
 * shows the browser alert on failure and stores the token on success (PublicOnly then redirects).
 */
import { Button, Heading, HStack, Link, Stack } from "@chakra-ui/react";
import { Form } from "react-final-form";
import { Link as RouterLink } from "react-router-dom";
import { TextField } from "../../components/form";
import { useSession, useSessionActor } from "../../machines/session-context";

interface LoginValues {
  username: string;
  password: string;
}

export function LoginPage() {
  const actor = useSessionActor();
  const busy = useSession((s) => s.matches("loggingIn"));
  return (
    <Form<LoginValues>
      onSubmit={(v) => actor.send({ type: "LOGIN", username: v.username.trim(), password: v.password })}
      render={({ handleSubmit }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Accesso">
          <Stack gap="4">
            <Heading as="h1" size="lg">
              Accedi
            </Heading>
            <TextField name="username" label="Nome utente" required autoComplete="username" autoFocus />
            <TextField name="password" label="Password" type="password" required autoComplete="current-password" />
            <Button type="submit" colorPalette="blue" loading={busy} loadingText="Accesso in corso…">
              Accedi
            </Button>
            <HStack justify="space-between" fontSize="sm">
              <Link asChild color="blue.600">
                <RouterLink to="/forgot-password">Password dimenticata?</RouterLink>
              </Link>
              <Link asChild color="blue.600">
                <RouterLink to="/register">Registrati</RouterLink>
              </Link>
            </HStack>
          </Stack>
        </form>
      )}
    />
  );
}
