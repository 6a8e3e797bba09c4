/**
 * Issue 37: adding the second factor to an authenticator app — the QR code (otpauth:// URI), the
 * secret to type by hand, a code from the app to confirm, then the ten recovery codes, shown once.
 * Used by the login (enrolment the policy demands) and by Sicurezza dell'account.
 */
import { Alert, Box, Button, HStack, QrCode, SimpleGrid, Spinner, Stack, Text } from "@chakra-ui/react";
import { FORM_ERROR } from "final-form";
import { useEffect, useState } from "react";
import { Form } from "react-final-form";
import { errorMessage, fieldErrors } from "../../../api/base";
import { TextField } from "../../../components/form";
import { FormError } from "../../../components/form/form-error";
import type { MfaSetupOut } from "../../../domain/contracts/auth/mfa";

export function EnrolPanel({
  start,
  confirm,
  onDone,
  doneLabel = "Ho salvato i codici, continua",
}: {
  start: () => Promise<MfaSetupOut>;
  /** Confirms with a code; resolves the recovery codes. */
  confirm: (code: string) => Promise<string[]>;
  onDone: () => void;
  doneLabel?: string;
}) {
  const [setup, setSetup] = useState<MfaSetupOut | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one secret per mounting
  useEffect(() => {
    start().then(setSetup, (e) => setFailure(errorMessage(e)));
  }, []);

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} doneLabel={doneLabel} />;
  if (failure) return <FormError message={failure} />;
  if (!setup) return <Spinner aria-label="Preparazione" />;
  return (
    <Stack gap="4">
      <Text>
        Inquadra il codice QR con un'app di autenticazione (Google Authenticator, Microsoft Authenticator, FreeOTP…),
        poi scrivi il codice di 6 cifre che l'app mostra.
      </Text>
      <HStack gap="4" align="center" wrap="wrap">
        <QrCode.Root value={setup.otpauth_url} size="lg" aria-label="Codice QR per l'app di autenticazione">
          <QrCode.Frame>
            <QrCode.Pattern />
          </QrCode.Frame>
        </QrCode.Root>
        <Box>
          <Text fontSize="sm" color="fg.muted">
            Non riesci a inquadrarlo? Inserisci a mano questa chiave:
          </Text>
          <Text as="code" data-testid="mfa-secret" fontFamily="mono" wordBreak="break-all">
            {setup.secret}
          </Text>
        </Box>
      </HStack>
      <Form<{ code: string }>
        onSubmit={async (v) => {
          try {
            setCodes(await confirm(v.code.trim()));
          } catch (err) {
            return { ...fieldErrors(err), [FORM_ERROR]: fieldErrors(err)?.code ? undefined : errorMessage(err) };
          }
          return undefined;
        }}
        render={({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Conferma la verifica in due passaggi">
            <Stack gap="3">
              <FormError message={submitError} />
              <TextField
                name="code"
                label="Codice dell'app"
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
              />
              <Button type="submit" colorPalette="blue" loading={submitting}>
                Attiva
              </Button>
            </Stack>
          </form>
        )}
      />
    </Stack>
  );
}

export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel: string;
}) {
  return (
    <Stack gap="4">
      <Alert.Root status="success">
        <Alert.Indicator />
        <Alert.Title>Verifica in due passaggi attiva</Alert.Title>
      </Alert.Root>
      <Text>
        Conserva questi <strong>codici di recupero</strong> in un luogo sicuro: ognuno vale una sola volta, al posto del
        codice dell'app se perdi il telefono. Non saranno più mostrati.
      </Text>
      <SimpleGrid columns={2} gap="2" as="ul" aria-label="Codici di recupero" listStyleType="none">
        {codes.map((c) => (
          <Box as="li" key={c}>
            <Text as="code" fontFamily="mono" fontSize="md">
              {c}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      <HStack>
        <Button variant="outline" onClick={() => navigator.clipboard?.writeText(codes.join("\n"))}>
          Copia i codici
        </Button>
        <Button colorPalette="blue" onClick={onDone}>
          {doneLabel}
        </Button>
      </HStack>
    </Stack>
  );
}
