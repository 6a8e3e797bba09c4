/** In coda: what the phone still has to send and when each action reached the office. */
import { Badge, Box, Stack, Text } from "@chakra-ui/react";
import type { Azione } from "../outbox/azioni";

const ora = (ms: number) =>
  new Date(ms).toLocaleString("it-IT", {
    day: "2-digit",
    month: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });

export function CodaScreen({ azioni, online, errore }: { azioni: Azione[]; online: boolean; errore: string | null }) {
  const inCoda = azioni.filter((a) => a.stato === "in_coda");
  const storico = azioni.filter((a) => a.stato !== "in_coda").reverse();
  return (
    <Stack gap="3">
      <Text as="h1" fontSize="xl" fontWeight="bold">
        In coda
      </Text>
      <Text role="status">
        {online ? "Connesso" : "Nessuna connessione"} · {inCoda.length} in attesa di invio
      </Text>
      {errore && (
        <Text role="alert" color="red.700">
          {errore}
        </Text>
      )}
      <Stack as="ul" gap="2" aria-label="Azioni in attesa" listStyleType="none">
        {inCoda.map((a) => (
          <Box as="li" key={a.id} borderWidth="1px" rounded="md" p="3" bg="orange.50">
            <Text fontWeight="semibold">{a.etichetta}</Text>
            <Text fontSize="sm">Fatta il {ora(a.creata_il)} · in attesa</Text>
          </Box>
        ))}
      </Stack>
      <Text as="h2" fontSize="lg" fontWeight="bold">
        Inviate
      </Text>
      {storico.length === 0 && <Text>Nessuna azione inviata.</Text>}
      <Stack as="ul" gap="2" aria-label="Azioni inviate" listStyleType="none">
        {storico.map((a) => (
          <Box as="li" key={a.id} borderWidth="1px" rounded="md" p="3">
            <Text fontWeight="semibold">{a.etichetta}</Text>
            <Text fontSize="sm">
              Fatta il {ora(a.creata_il)} · inviata il {a.inviata_il ? ora(a.inviata_il) : "—"}
            </Text>
            <Badge colorPalette={a.stato === "inviata" ? "green" : "red"}>{a.esito}</Badge>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}
