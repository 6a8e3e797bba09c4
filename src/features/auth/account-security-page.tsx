/**
 * Profile menu → 'Sicurezza dell'account' (issue 37): the second factor (activate with the QR
 * code, new recovery codes, deactivate with a fresh code) and *Sessioni attive*. Changing the
 * second factor needs a recent re-authentication: the server asks, the ReauthHost dialog answers.
 */
import { Alert, Box, Button, Card, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { FORM_ERROR } from "final-form";
import { useState } from "react";
import { Form } from "react-final-form";
import { errorMessage, fieldErrors } from "../../api/base";
import { mfaApi } from "../../api/mfa.endpoints";
import { TextField } from "../../components/form";
import { FormError } from "../../components/form/form-error";
import { SessionsTable } from "../../components/sessions-table";
import { MFA_REQUIRED_NOTE } from "../../domain/mfa";
import { notify } from "../../lib/toaster";
import { EnrolPanel, RecoveryCodes } from "./mfa/enrol-panel";

type Mode = null | "enrol" | "codes" | "disable";

export function AccountSecurityPage() {
  return (
    <Stack gap="6" maxW="4xl">
      <Heading as="h1" size="lg">
        Sicurezza dell'account
      </Heading>
      <Card.Root>
        <Card.Body>
          <Heading as="h2" size="md" mb="3">
            Verifica in due passaggi
          </Heading>
          <MfaSection />
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body>
          <Heading as="h2" size="md" mb="3">
            Sessioni attive
          </Heading>
          <SessionsTable />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

function MfaSection() {
  const { data: status, refetch } = mfaApi.useMfaStatusQuery();
  const [mode, setMode] = useState<Mode>(null);
  const [setup] = mfaApi.useMfaSetupMutation();
  const [confirm] = mfaApi.useMfaConfirmMutation();
  const [renew] = mfaApi.useMfaRecoveryCodesMutation();
  const [disable] = mfaApi.useMfaDisableMutation();
  const [codes, setCodes] = useState<string[] | null>(null);
  const finish = () => {
    setMode(null);
    setCodes(null);
    refetch();
  };
  if (!status) return null;
  if (mode === "enrol")
    return (
      <EnrolPanel
        start={() => setup().unwrap()}
        confirm={async (code) => (await confirm({ code }).unwrap()).recovery_codes}
        onDone={finish}
        doneLabel="Ho salvato i codici"
      />
    );
  if (codes) return <RecoveryCodes codes={codes} onDone={finish} doneLabel="Ho salvato i codici" />;
  if (mode === "codes" || mode === "disable")
    return (
      <CodePrompt
        label={mode === "codes" ? "Genera nuovi codici" : "Disattiva"}
        recovery={mode === "codes"}
        onCancel={() => setMode(null)}
        onSubmit={async (code) => {
          if (mode === "codes") setCodes((await renew({ code }).unwrap()).recovery_codes);
          else {
            await disable({ code }).unwrap();
            notify.success("Verifica in due passaggi disattivata");
            finish();
          }
        }}
      />
    );
  return (
    <Stack gap="3">
      {status.required && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{MFA_REQUIRED_NOTE}</Alert.Title>
        </Alert.Root>
      )}
      {status.enabled ? (
        <>
          <Text>
            <strong>Attiva</strong> dal{" "}
            {status.confirmed_at ? new Date(status.confirmed_at).toLocaleDateString("it-IT") : ""}. Codici di recupero
            ancora validi: {status.recovery_codes_left}.
          </Text>
          <HStack>
            <Button size="sm" variant="outline" onClick={() => setMode("codes")}>
              Nuovi codici di recupero
            </Button>
            {!status.required && (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setMode("disable")}>
                Disattiva
              </Button>
            )}
          </HStack>
        </>
      ) : (
        <>
          <Text>
            Non attiva. Con la verifica in due passaggi, oltre alla password serve il codice che un'app sul tuo telefono
            genera ogni 30 secondi: una password rubata da sola non basta più.
          </Text>
          <Box>
            <Button size="sm" colorPalette="blue" onClick={() => setMode("enrol")}>
              Attiva la verifica in due passaggi
            </Button>
          </Box>
        </>
      )}
    </Stack>
  );
}

function CodePrompt({
  label,
  recovery,
  onSubmit,
  onCancel,
}: {
  label: string;
  recovery: boolean;
  onSubmit: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  return (
    <Form<{ code: string }>
      onSubmit={async (v) => {
        try {
          await onSubmit(v.code.trim());
        } catch (err) {
          const errors = fieldErrors(err);
          return { ...errors, [FORM_ERROR]: errors ? undefined : errorMessage(err) };
        }
        return undefined;
      }}
      render={({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} noValidate aria-label={label}>
          <Stack gap="3" maxW="sm">
            <FormError message={submitError} />
            <TextField
              name="code"
              label={recovery ? "Codice dell'app o di recupero" : "Codice dell'app"}
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
            />
            <HStack>
              <Button variant="outline" onClick={onCancel}>
                Annulla
              </Button>
              <Button type="submit" colorPalette="blue" loading={submitting}>
                {label}
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    />
  );
}
