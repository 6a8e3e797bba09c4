/**
 * 'Credenziali app' on the operator's record (issue 12 item 1): HR sets or resets the name and
 * password the guard uses in the app. An empty password lets the server generate one, shown once
 * here; a reset signs the guard out of the app everywhere. Only for operators with the app, only for
 * HR (erp_operatori_anagrafica), confirmed with the user's own password ('La tua password').
 * Once saved, a QR code opens the field app on the guard's phone with the name filled (issue 33).
 */
import { Alert, Box, Button, Fieldset, Heading, HStack, Link, QrCode, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Form } from "react-final-form";
import { useImpostaCredenzialiAppMutation } from "../../../api/console/credenziali-app.endpoints";
import { SERVER_MESSAGE_WORDING, saveFailure, TextField } from "../../../components/form";
import { notify } from "../../../lib/toaster";

/** The field app's address with the guard's name filled in (its sign-in reads `?utente=`). */
export function linkAppCampo(username: string, origin = location.origin): string {
  return `${origin}/app/campo/?utente=${encodeURIComponent(username)}`;
}

/** The QR code the guard frames with the phone's camera, and the same address as a link. */
function QrAppCampo({ username }: { username: string }) {
  const url = linkAppCampo(username);
  return (
    <HStack gap="4" align="center" wrap="wrap">
      <QrCode.Root value={url} size="md" aria-label={`Codice QR dell'app per ${username}`}>
        <QrCode.Frame>
          <QrCode.Pattern />
        </QrCode.Frame>
      </QrCode.Root>
      <Box>
        <Text fontWeight="medium">Apri l'app sul telefono della guardia</Text>
        <Text color="fg.muted" fontSize="sm">
          Inquadra il codice con la fotocamera: l'app si apre con il nome utente già inserito.
        </Text>
        <Link href={url} fontSize="sm" wordBreak="break-all">
          {url}
        </Link>
      </Box>
    </HStack>
  );
}

interface Values {
  username?: string;
  password?: string;
  password_utente?: string;
}

export function CredenzialiApp({ operatoreId }: { operatoreId: number }) {
  const [imposta] = useImpostaCredenzialiAppMutation();
  const [generated, setGenerated] = useState<{ username: string; password: string } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <Fieldset.Root borderWidth="1px" borderRadius="md" p="4">
      <Fieldset.Legend>
        <Heading size="sm">Credenziali app</Heading>
      </Fieldset.Legend>
      <Form<Values>
        onSubmit={async (values) => {
          try {
            const out = await imposta({
              id: operatoreId,
              data: {
                username: values.username ?? "",
                ...(values.password ? { password: values.password } : {}),
                password_utente: values.password_utente ?? "",
              },
            }).unwrap();
            setGenerated(out.password ? { username: out.username, password: out.password } : null);
            setSaved(out.username);
            notify.success("Credenziali dell'app salvate");
            return undefined;
          } catch (e) {
            return saveFailure(e, SERVER_MESSAGE_WORDING);
          }
        }}
      >
        {({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Credenziali app">
            <Stack gap="3" mt="2">
              <Text color="fg.muted" fontSize="sm">
                Nome utente e password con cui la guardia accede all'app. Senza password ne viene generata una.
                Salvando, le sessioni aperte nell'app vengono chiuse.
              </Text>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                <TextField name="username" label="Nome utente app" required />
                <TextField name="password" label="Nuova password app" type="password" />
                {/* Whoever sets a guard's password can sign in as the guard: confirmed with one's own (issue 30 item 5). */}
                <TextField name="password_utente" label="La tua password" type="password" required />
              </SimpleGrid>
              {generated && (
                <Alert.Root status="info">
                  <Alert.Indicator />
                  <Alert.Title>
                    Password generata per {generated.username}: {generated.password} (comunicarla alla guardia: non
                    verrà mostrata di nuovo)
                  </Alert.Title>
                </Alert.Root>
              )}
              {saved && <QrAppCampo username={saved} />}
              <HStack>
                <Button type="submit" loading={submitting}>
                  Imposta credenziali
                </Button>
              </HStack>
            </Stack>
          </form>
        )}
      </Form>
    </Fieldset.Root>
  );
}
