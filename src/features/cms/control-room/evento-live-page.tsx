/**
 * /cms/control-room/evento/{idEvento}: the event's live occupancy (in − out) against capacity, in
 * total and per gate, coloured at the warning and maximum thresholds; the trend of the last hours
 * (lazy chart); the projected time to full at the current rate; the peak; each device's last
 * report (silent for more than 2 minutes: it stands out). Live: the cmsLive machine
 * (src/machines/cms-live.machine.ts, traced as "cms-live:{id}") holds the connection and the last
 * picture; this screen renders them.
 */
import { Badge, Box, Card, Heading, HStack, SimpleGrid, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { useActorRef, useSelector } from "@xstate/react";
import { lazy, Suspense, useEffect, useMemo } from "react";
import { Link, useParams } from "react-router-dom";
import { RecordError } from "../../../components/record-error";
import type { Livello } from "../../../domain/cms";
import type { ControlRoom, ControlRoomView } from "../../../domain/contracts/cms/control-room";
import { formatRomeSecondi, toRomeWallClock } from "../../../domain/instant";
import { type Connessione, connessioneOf } from "../../../machines/cms-live.machine";
import { appCmsLiveMachine } from "../../../machines/cms-live.services";
import { combinedInspect } from "../../../machines/inspector";
import { createTraceRecorder, unregisterTrace } from "../../../machines/trace";
import { AllarmeSoglia } from "./allarme-soglia";
import { NumeroVivo } from "./numero-vivo";

const TrendChart = lazy(() => import("./trend-chart").then((m) => ({ default: m.TrendChart })));

const COLORE: Record<Livello, string> = { normale: "green", attenzione: "orange", massimo: "red" };
const LIVELLO_TESTO: Record<Livello, string> = {
  normale: "Nella norma",
  attenzione: "Soglia di attenzione",
  massimo: "Soglia massima",
};
const CONNESSIONE: Record<Connessione, { text: string; color: string }> = {
  connecting: { text: "Connessione…", color: "gray" },
  live: { text: "In diretta", color: "green" },
  stale: { text: "Dati non aggiornati", color: "orange" },
  reconnecting: { text: "Riconnessione…", color: "red" },
  notFound: { text: "Evento non trovato", color: "red" },
};

const n = (v: number) => v.toLocaleString("it-IT");
const pct = (presenti: number, capienza: number) => (capienza > 0 ? Math.round((presenti * 100) / capienza) : 0);
const ora = (iso: string) => toRomeWallClock(iso).slice(11, 16);

function Occupazione(props: { label: string; presenti: number; capienza: number; livello: Livello; big?: boolean }) {
  const { label, presenti, capienza, livello, big } = props;
  return (
    <Card.Root
      variant="outline"
      borderColor={`${COLORE[livello]}.solid`}
      borderWidth={big ? "3px" : "2px"}
      data-livello={livello}
      aria-label={`${label}: ${presenti} presenti`}
    >
      <Card.Body gap="1">
        <Text fontWeight="medium">{label}</Text>
        <Text fontSize={big ? "5xl" : "3xl"} fontWeight="bold" color={`${COLORE[livello]}.fg`} lineHeight="1">
          <NumeroVivo value={presenti} text={n(presenti)} />
        </Text>
        <Text fontSize="sm" color="fg.muted">
          su {n(capienza)} ({pct(presenti, capienza)}%)
        </Text>
        <Badge alignSelf="start" colorPalette={COLORE[livello]}>
          {LIVELLO_TESTO[livello]}
        </Badge>
      </Card.Body>
    </Card.Root>
  );
}

function Previsione({ data }: { data: ControlRoom }) {
  const m = data.minuti_al_pieno;
  const text =
    m === null
      ? "Affluenza stabile o in calo"
      : m === 0
        ? "Capienza raggiunta"
        : `Capienza piena tra circa ${m < 60 ? `${m} min` : `${Math.floor(m / 60)} h ${m % 60} min`}`;
  return (
    <Stack gap="0">
      <Text fontWeight="medium">{text}</Text>
      <Text fontSize="sm" color="fg.muted">
        Ritmo attuale: {data.per_minuto.toLocaleString("it-IT")} persone/min (ultimi 10 minuti)
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {data.picco
          ? `Picco: ${n(data.picco.presenti)} presenti alle ${ora(data.picco.at)}`
          : "Nessun picco registrato"}
      </Text>
    </Stack>
  );
}

/** "12 dispositivi, 2 silenti" — the summary every pushed picture carries. */
export function riepilogoDispositivi({ totale, silenti }: ControlRoom["riepilogo_dispositivi"]): string {
  if (totale === 0) return "nessuno registrato";
  const n = totale === 1 ? "1 dispositivo" : `${totale} dispositivi`;
  return silenti === 0 ? `${n}, tutti attivi` : `${n}, ${silenti === 1 ? "1 silente" : `${silenti} silenti`}`;
}

function Dispositivi({ data }: { data: ControlRoomView }) {
  if (data.dispositivi.length === 0) return <Text color="fg.muted">Nessun dispositivo ha ancora inviato conteggi</Text>;
  return (
    <Table.Root size="sm" variant="outline" aria-label="Dispositivi">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Dispositivo</Table.ColumnHeader>
          <Table.ColumnHeader>Varco</Table.ColumnHeader>
          <Table.ColumnHeader>Ultimo invio</Table.ColumnHeader>
          <Table.ColumnHeader>Stato</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {data.dispositivi.map((d) => (
          <Table.Row key={d.id} bg={d.silente ? "red.subtle" : undefined}>
            <Table.Cell>{d.codice}</Table.Cell>
            <Table.Cell>{d.varco}</Table.Cell>
            <Table.Cell>{d.ultimo_invio ? formatRomeSecondi(d.ultimo_invio) : "—"}</Table.Cell>
            <Table.Cell>
              {d.silente ? (
                <Badge colorPalette="red">Silente da oltre 2 minuti</Badge>
              ) : (
                <Badge colorPalette="green">Attivo</Badge>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

export function EventoLiveView({ data, connessione }: { data: ControlRoomView | null; connessione: Connessione }) {
  const c = CONNESSIONE[connessione];
  return (
    <Stack p="4" gap="5">
      <HStack justify="space-between" wrap="wrap">
        <Stack gap="0">
          <Heading as="h1" size="lg">
            {data?.evento.titolo ?? "Evento"}
          </Heading>
          {data && (
            <Text color="fg.muted" fontSize="sm">
              {data.evento.citta} · soglie {data.evento.soglia_attenzione}% e {data.evento.soglia_massima}% · aggiornato
              alle {toRomeWallClock(data.aggiornato_il).slice(11, 16)}
            </Text>
          )}
        </Stack>
        <HStack>
          <Badge colorPalette={c.color} size="lg" role="status" aria-label="Stato della connessione">
            {c.text}
          </Badge>
          <Link to="/cms/control-room/eventi-in-corso/">Tutti gli eventi</Link>
        </HStack>
      </HStack>
      {connessione === "notFound" ? (
        <RecordError error={null} fallback="Evento non trovato: non esiste o è stato eliminato" />
      ) : !data ? (
        <Skeleton height="40" />
      ) : (
        <>
          <AllarmeSoglia data={data} sogliaMassima={data.evento.soglia_massima} />
          <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="4">
            <Occupazione label="Totale" {...data.totale} big />
            <Card.Root variant="subtle">
              <Card.Body>
                <Previsione data={data} />
              </Card.Body>
            </Card.Root>
          </SimpleGrid>
          <Box>
            <Heading as="h2" size="md" mb="2">
              Varchi
            </Heading>
            {data.varchi.length === 0 ? (
              <Text color="fg.muted">L'evento non ha varchi</Text>
            ) : (
              <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
                {data.varchi.map((v) => (
                  <Occupazione key={v.id} label={v.nome} {...v} />
                ))}
              </SimpleGrid>
            )}
          </Box>
          <Box>
            <Heading as="h2" size="md" mb="2">
              Andamento (ultime 3 ore)
            </Heading>
            <Suspense fallback={<Skeleton height="48" />}>
              <TrendChart data={data} />
            </Suspense>
          </Box>
          <Box>
            <HStack mb="2" gap="3" align="baseline">
              <Heading as="h2" size="md">
                Dispositivi
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                {riepilogoDispositivi(data.riepilogo_dispositivi)}
              </Text>
            </HStack>
            <Dispositivi data={data} />
          </Box>
        </>
      )}
    </Stack>
  );
}

function LiveScope({ eventoId }: { eventoId: number }) {
  const traceName = `cms-live:${eventoId}`;
  const recorder = useMemo(() => createTraceRecorder(traceName), [traceName]);
  useEffect(() => () => unregisterTrace(traceName), [traceName]);
  const actor = useActorRef(appCmsLiveMachine, { input: { eventoId }, inspect: combinedInspect(recorder) });
  const data = useSelector(actor, (s) => s.context.data);
  const connessione = useSelector(actor, (s) => connessioneOf(s.value));
  return <EventoLiveView data={data} connessione={connessione} />;
}

export function EventoLivePage() {
  const id = Number(useParams().idEvento);
  if (!Number.isInteger(id) || id <= 0)
    return (
      <Box p="4">
        <RecordError error={null} fallback="Evento non trovato" />
      </Box>
    );
  return <LiveScope key={id} eventoId={id} />;
}
