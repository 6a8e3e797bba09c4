/**
 * Login (SPEC §2, §8): username and password; 'Accedi' sends LOGIN to the session machine, which
 * shows the browser alert on failure and stores the token on success (PublicOnly then redirects).
 * Issue 37: when a second factor is due the machine waits in `secondFactor`: this page then asks
 * for the code of the authenticator app (or a recovery code), or — when the policy demands an
 * enrolment — shows the enrolment, loaded on demand (the login bundle stays small).
 */
import { Button, Heading, HStack, Link, Stack, Text } from "@chakra-ui/react";
import { lazy, Suspense, useEffect, useRef } from "react";
import { Form } from "react-final-form";
import { Link as RouterLink, useLocation, useNavigate } from "react-router-dom";
import { authApi } from "../../api/auth.endpoints";
import { errorMessage } from "../../api/base";
import { TextField } from "../../components/form";
import { useSession, useSessionActor } from "../../machines/session-context";

const LoginEnrolStep = lazy(() => import("./mfa/login-enrol-step").then((m) => ({ default: m.LoginEnrolStep })));

interface LoginValues {
  username: string;
  password: string;
}

export function LoginPage() {
  const actor = useSessionActor();
  const busy = useSession((s) => s.matches("loggingIn"));
  const mfa = useSession((s) => s.context.mfa);
  useSsoAnswer();
  if (mfa?.step === "code") return <CodeStep />;
  if (mfa?.step === "enrol")
    return (
      <Suspense fallback={null}>
        <LoginEnrolStep challenge={mfa.challenge} />
      </Suspense>
    );
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
            <SsoButton />
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

/**
 * Issue 37: back from the company's provider (single sign-on), /login carries `code` and `state`
 * (or `error`): the session machine completes the login with them, and the URL is cleaned.
 */
function useSsoAnswer() {
  const actor = useSessionActor();
  const location = useLocation();
  const navigate = useNavigate();
  const sent = useRef(false);
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    if (sent.current || !q.has("state") || !(q.has("code") || q.has("error"))) return;
    sent.current = true;
    actor.send({ type: "SSO", params: location.search });
    navigate(location.pathname, { replace: true });
  }, [actor, location, navigate]);
}

/** "Accedi con …" when the server has single sign-on (OIDC_ISSUER…). */
function SsoButton() {
  const { data } = authApi.useOidcInfoQuery();
  const [start, { isLoading }] = authApi.useOidcStartMutation();
  if (!data?.enabled) return null;
  return (
    <Button
      variant="outline"
      loading={isLoading}
      onClick={async () => {
        try {
          location.assign((await start().unwrap()).url);
        } catch (err) {
          alert(errorMessage(err));
        }
      }}
    >
      Accedi con {data.label}
    </Button>
  );
}

/** The second step: the 6-digit code of the app, or a recovery code. */
function CodeStep() {
  const actor = useSessionActor();
  const busy = useSession((s) => s.matches("verifyingCode"));
  const error = useSession((s) => s.context.error);
  return (
    <Form<{ code: string }>
      onSubmit={(v) => actor.send({ type: "MFA_CODE", code: v.code.trim() })}
      render={({ handleSubmit }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Verifica in due passaggi">
          <Stack gap="4">
            <Heading as="h1" size="lg">
              Verifica in due passaggi
            </Heading>
            <Text color="fg.muted">
              Inserisci il codice di 6 cifre dell'app di autenticazione, oppure uno dei codici di recupero.
            </Text>
            <TextField
              name="code"
              label="Codice"
              required
              autoComplete="one-time-code"
              inputMode="numeric"
              autoFocus
              maxLength={40}
            />
            {error && (
              <Text color="red.600" role="alert">
                {error}
              </Text>
            )}
            <Button type="submit" colorPalette="blue" loading={busy} loadingText="Verifica in corso…">
              Verifica
            </Button>
            <Button variant="ghost" size="sm" onClick={() => actor.send({ type: "MFA_CANCEL" })}>
              Annulla
            </Button>
          </Stack>
        </form>
      )}
    />
  );
}
