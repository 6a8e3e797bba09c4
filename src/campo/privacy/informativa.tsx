/**
 * The information notice on positions (src/domain/informativa-posizione.ts; art. 13 GDPR, art. 4
 * L. 300/1970, Garante provv. n. 232 of 18 April 2018), shown to the guard at the first sign-in:
 * the app's screens open only once it is acknowledged, and the acknowledgement is recorded on the
 * server (POST /api/app/informativa/). The phone remembers it per guard and version, so the app
 * still opens with no network afterwards.
 */
import { Box, Button, Spinner, Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useState } from "react";
import { INFORMATIVA_TITOLO, INFORMATIVA_VERSIONE, informativaPosizione } from "../../domain/informativa-posizione";
import { campoErrorMessage } from "../api";
import { informativaApi } from "./api";

const KEY = "campoInformativa";
const chiave = (operatoreId: number) => `${operatoreId}:${INFORMATIVA_VERSIONE}`;

function confermataSulTelefono(operatoreId: number): boolean {
  try {
    return (JSON.parse(localStorage.getItem(KEY) ?? "[]") as string[]).includes(chiave(operatoreId));
  } catch {
    return false;
  }
}

function ricorda(operatoreId: number) {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? "[]") as string[];
    localStorage.setItem(KEY, JSON.stringify([...new Set([...list, chiave(operatoreId)])]));
  } catch {
    /* storage unavailable: asked again next time */
  }
}

export function InformativaGate({ operatoreId, children }: { operatoreId: number; children: ReactNode }) {
  const [locale, setLocale] = useState(() => confermataSulTelefono(operatoreId));
  const q = informativaApi.useInformativaQuery(undefined, { skip: locale });
  const [conferma, c] = informativaApi.useConfermaInformativaMutation();
  if (locale || q.data?.confermata_il) {
    if (!locale) {
      ricorda(operatoreId);
      setLocale(true);
    }
    return <>{children}</>;
  }
  if (q.isLoading) {
    return (
      <Box textAlign="center" py="12">
        <Spinner size="lg" />
      </Box>
    );
  }
  const errore = q.error ?? c.error;
  return (
    <Box as="main" maxW="640px" mx="auto" px="4" py="6">
      <Stack gap="3">
        <Text as="h1" fontSize="2xl" fontWeight="bold">
          {INFORMATIVA_TITOLO}
        </Text>
        {informativaPosizione(q.data?.giorni_conservazione).map((p) => (
          <Text key={p.slice(0, 40)}>{p}</Text>
        ))}
        {errore && (
          <Text role="alert" color="red.700">
            {campoErrorMessage(errore)}: per confermare l'informativa serve la connessione.
          </Text>
        )}
        <Button
          size="xl"
          colorPalette="blue"
          loading={c.isLoading}
          onClick={async () => {
            if (!q.data) return void q.refetch();
            const r = await conferma(q.data.versione)
              .unwrap()
              .catch(() => null);
            if (r?.confermata_il) {
              ricorda(operatoreId);
              setLocale(true);
            }
          }}
        >
          Ho letto e compreso
        </Button>
      </Stack>
    </Box>
  );
}
