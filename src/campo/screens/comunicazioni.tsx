/**
 * Comunicazioni: the company's messages to the guard, unread first; opening one shows its text,
 * "Ho letto" confirms reading (the read receipt the office's Console shows). Listing them marks
 * them delivered on the server.
 */
import { Badge, Box, Button, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import type { AppComunicazione } from "../../domain/contracts/console/app-guardie/schemas";
import { formatDateTime } from "../../domain/format";
import { campoApi, campoErrorMessage } from "../api";

export function unreadFirst(list: AppComunicazione[]): AppComunicazione[] {
  return [...list].sort((a, b) => Number(a.letta_il !== null) - Number(b.letta_il !== null));
}

export function ComunicazioneCard({
  c,
  inCoda,
  onLetta,
}: {
  c: AppComunicazione;
  inCoda: boolean;
  onLetta: (c: AppComunicazione) => void;
}) {
  const [aperta, setAperta] = useState(false);
  const letta = c.letta_il !== null;
  return (
    <Box as="article" aria-label={c.oggetto} borderWidth="1px" rounded="md" p="3" bg={letta ? "white" : "yellow.50"}>
      <Button
        variant="plain"
        w="full"
        justifyContent="flex-start"
        textAlign="left"
        h="auto"
        p="0"
        whiteSpace="normal"
        aria-expanded={aperta}
        onClick={() => setAperta((v) => !v)}
      >
        <Stack gap="0" align="flex-start">
          <Text fontWeight="bold">{c.oggetto}</Text>
          <Text fontSize="sm" color="gray.600">
            Inviata il {formatDateTime(c.inviata_il)}
            {c.promemoria_il && !letta ? ` · promemoria del ${formatDateTime(c.promemoria_il)}` : ""}
          </Text>
        </Stack>
      </Button>
      {aperta && (
        <Text mt="2" whiteSpace="pre-wrap">
          {c.testo}
        </Text>
      )}
      <Box mt="2">
        {letta ? (
          <Badge colorPalette="green">Letta il {formatDateTime(c.letta_il)}</Badge>
        ) : inCoda ? (
          <Badge colorPalette="orange">Conferma di lettura in coda</Badge>
        ) : (
          <Button colorPalette="blue" w="full" onClick={() => onLetta(c)}>
            Ho letto
          </Button>
        )}
      </Box>
    </Box>
  );
}

export function ComunicazioniScreen({
  inCoda,
  onLetta,
}: {
  inCoda: (id: number) => boolean;
  onLetta: (c: AppComunicazione) => void;
}) {
  const { data, error, isLoading } = campoApi.useComunicazioniQuery();
  if (isLoading) return <Text>Caricamento…</Text>;
  if (error && !data) return <Text role="alert">{campoErrorMessage(error)}</Text>;
  const list = unreadFirst(data?.results ?? []);
  return (
    <Stack gap="3">
      <Text as="h1" fontSize="xl" fontWeight="bold">
        Comunicazioni
      </Text>
      {list.length === 0 && <Text>Nessuna comunicazione.</Text>}
      {list.map((c) => (
        <ComunicazioneCard key={c.id} c={c} inCoda={inCoda(c.id)} onLetta={onLetta} />
      ))}
    </Stack>
  );
}
