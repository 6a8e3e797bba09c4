/**
 * The open alarms in red at the top of the header, in every session that may handle them, until
 * someone takes one: the guard, the shift, the time, a map link and "Prendi in carico". Live through
 * src/machines/allarmi-live.machine.ts (traced as "allarmi-live").
 */
import { Box, Button, Flex, Link, Text } from "@chakra-ui/react";
import { useActorRef, useSelector } from "@xstate/react";
import { useMemo } from "react";
import type { Allarme } from "../../domain/contracts/console/allarmi/schemas";
import { formatDate, formatTime } from "../../domain/format";
import { linkMappa } from "../../domain/mappa";
import { appAllarmiLiveMachine } from "../../machines/allarmi-live.services";
import { combinedInspect } from "../../machines/inspector";
import { createTraceRecorder } from "../../machines/trace";

export function descriviTurno(t: NonNullable<Allarme["turno"]>): string {
  return `${t.cliente} · ${t.servizio} · ${formatDate(t.giorno)} ${formatTime(t.inizio)}–${formatTime(t.fine)}`;
}

function Riga({ a, busy, onPrendi }: { a: Allarme; busy: boolean; onPrendi: () => void }) {
  return (
    <Flex
      role="alert"
      data-testid="allarme-aperto"
      align="center"
      wrap="wrap"
      gap="2"
      px="4"
      py="2"
      bg="red.700"
      color="white"
    >
      <Text fontWeight="bold">
        SOS{a.silenzioso ? " silenzioso" : ""} da {a.operatore.full_name}
      </Text>
      <Text>alle {a.ricevuto_il.slice(11, 16)}</Text>
      <Text>{a.turno ? descriviTurno(a.turno) : "Nessun turno in corso"}</Text>
      {a.lat !== null && a.lng !== null ? (
        <Link href={linkMappa(a.lat, a.lng)} target="_blank" rel="noopener" color="white" textDecoration="underline">
          Mappa (±{Math.round(a.accuratezza ?? 0)} m)
        </Link>
      ) : (
        <Text>Posizione non disponibile</Text>
      )}
      <Box flex="1" />
      <Button size="sm" bg="white" color="red.800" loading={busy} onClick={onPrendi}>
        Prendi in carico
      </Button>
    </Flex>
  );
}

export function AllarmiBanner() {
  const recorder = useMemo(() => createTraceRecorder("allarmi-live"), []);
  const actor = useActorRef(appAllarmiLiveMachine, { inspect: combinedInspect(recorder) });
  const aperti = useSelector(actor, (s) => s.context.aperti);
  const inCarico = useSelector(actor, (s) => s.context.inCarico);
  const errore = useSelector(actor, (s) => s.context.errore);
  if (aperti.length === 0) return null;
  return (
    <Box aria-live="assertive">
      {aperti.map((a) => (
        <Riga key={a.id} a={a} busy={inCarico === a.id} onPrendi={() => actor.send({ type: "PRENDI", id: a.id })} />
      ))}
      {errore && (
        <Text px="4" py="1" bg="red.50" color="red.800" role="status">
          {errore}
        </Text>
      )}
    </Box>
  );
}
