/**
 * Advanced assignment and consolidation for a day or a shift (SPEC §2): header with client,
 * contract title, day DD/MM/YYYY and the shift's ranges; for each shift the operators ranked by
 * the server (eligible first, then distance, hours this week, rating), each ineligible row with
 * its reasons, the quick view on hover, assign / confirm from the row (through the assignment
 * machine) and bulk assignment with a report of the skipped ones; consolidation confirms in bulk
 * and lists what is still uncovered; the shift's Logs panel.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Heading,
  HStack,
  Skeleton,
  Spinner,
  Stack,
  Table,
  Text,
} from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink, useParams } from "react-router-dom";
import { errorMessage } from "../../api/base";
import {
  type BulkResult,
  type Candidato,
  type ClienteRef,
  type ConsolidaResult,
  type TurnoHeader,
  useBulkAssignMutation,
  useCandidatiGiornoQuery,
  useCandidatiTurnoQuery,
  useConsolidaGiornoMutation,
  useConsolidaTurnoMutation,
} from "../../api/pianificazione.endpoints";
import { notify } from "../../app/toaster";
import { LogScreen } from "../../components/log-screen/log-screen";
import { OperatorName } from "../../components/quick-view";
import { formatDate, formatNumber, secondsToHours } from "../../domain/format";
import { noticeForTurno, opKey } from "../../machines/assignment.machine";
import { MSG } from "./messages";
import { turnoRanges } from "./shift-cell";
import { type AssignmentActor, useAssignment } from "./use-assignment";

export function AssegnazioneAvanzataPage() {
  return <AdvancedPage mode="assegnazione" />;
}

export function ConsolidamentoAvanzatoPage() {
  return <AdvancedPage mode="consolidamento" />;
}

interface DayIds {
  idContratto: string;
  idServizio: string;
  idGiorno: string;
}

interface Header {
  cliente: ClienteRef;
  contratto: { id: number; titolo: string };
  giorno: { id: number; giorno: string };
}

/** The shifts of the page with their ranked operators: one shift (…/turno/{idTurno}/…) or the whole day. */
function useCandidati(ids: DayIds, idTurno: string | undefined) {
  const perTurno = useCandidatiTurnoQuery({ ...ids, idTurno: idTurno ?? "" }, { skip: !idTurno });
  const perGiorno = useCandidatiGiornoQuery(ids, { skip: Boolean(idTurno) });
  const q = idTurno ? perTurno : perGiorno;
  const header: Header | undefined = q.data;
  const turni: (TurnoHeader & { results: Candidato[] })[] = idTurno
    ? perTurno.data
      ? [{ ...perTurno.data.turno, results: perTurno.data.results }]
      : []
    : (perGiorno.data?.turni ?? []);
  return { header, turni, isLoading: q.isLoading, error: q.error };
}

function AdvancedPage({ mode }: { mode: "assegnazione" | "consolidamento" }) {
  const { idContratto = "", idServizio = "", idGiorno = "", idTurno } = useParams();
  const ids = { idContratto, idServizio, idGiorno };
  const { header, turni, isLoading, error } = useCandidati(ids, idTurno);
  const { actor, inProgress, notices } = useAssignment(idContratto, idServizio);
  const title = mode === "assegnazione" ? "Assegnazione avanzata" : "Consolidamento avanzato";
  const grid = `/pianificazione/contratti/${idContratto}/servizi/${idServizio}/assegnazione-risorse`;
  const single = idTurno ? turni[0] : undefined;
  return (
    <Box p="4">
      <Text fontSize="sm">
        <RouterLink to={header ? `${grid}?${monthQuery(header.giorno.giorno)}` : grid}>
          ‹ Torna all'assegnazione risorse
        </RouterLink>
      </Text>
      <Heading size="lg" mb="2">
        {title}
      </Heading>
      {isLoading && <Skeleton height="24" />}
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{MSG.requestError(errorMessage(error))}</Alert.Title>
        </Alert.Root>
      )}
      {header && (
        <Stack gap="0" mb="4" aria-label="Intestazione" role="group">
          <Text>
            <b>Cliente:</b> {header.cliente.ragione_sociale}
          </Text>
          <Text>
            <b>Contratto:</b> {header.contratto.titolo}
          </Text>
          <Text>
            <b>Giorno:</b> {formatDate(header.giorno.giorno)}
          </Text>
          {single && (
            <Text>
              <b>Turno:</b> {`${turnoRanges(single)} — ${single.posizione.descrizione}`}
            </Text>
          )}
        </Stack>
      )}
      {mode === "consolidamento" && header && <Consolida ids={{ ...ids, idTurno }} />}
      {mode === "assegnazione" &&
        turni.map((t) => (
          <Box key={t.id} mb="6">
            {!idTurno && (
              <Heading size="sm" mb="2">
                {`Turno ${turnoRanges(t)} — ${t.posizione.descrizione} (richiesti ${t.operatori_richiesti})`}
              </Heading>
            )}
            <Candidati
              ids={{ ...ids, idTurno: t.id }}
              cliente={header?.cliente.id}
              rows={t.results}
              actor={actor}
              inProgress={inProgress}
              notice={noticeForTurno({ notices }, t.id)?.messages}
            />
          </Box>
        ))}
      {mode === "assegnazione" && header && turni.length === 0 && <Text>Nessun turno in questo giorno</Text>}
      {idTurno && (
        <Box mt="6">
          <LogScreen title="Logs" contentType="turno" objectId={idTurno} />
        </Box>
      )}
    </Box>
  );
}

const monthQuery = (day: string) => {
  const [y, m] = day.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, "0");
  return `dal=${y}-${mm}-01&al=${y}-${mm}-${last}`;
};

interface ShiftIds extends DayIds {
  idTurno: number;
}

function Candidati(props: {
  ids: ShiftIds;
  cliente?: number;
  rows: Candidato[];
  actor: AssignmentActor;
  inProgress: string[];
  notice?: string[];
}) {
  const { ids, rows, actor, inProgress, notice } = props;
  const [selected, setSelected] = useState<number[]>([]);
  const [bulk, bulkState] = useBulkAssignMutation();
  const [report, setReport] = useState<BulkResult | null>(null);
  const run = async (conferma: boolean) => {
    try {
      const r = await bulk({ ...ids, operatori: selected, conferma }).unwrap();
      setReport(r);
      setSelected([]);
      if (r.assegnati.length) notify.success(MSG.saved);
    } catch (err) {
      notify.error(MSG.requestError(errorMessage(err)));
    }
  };
  const toggle = (id: number, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  const ref = { idGiorno: ids.idGiorno, idTurno: ids.idTurno };
  const warnings = report?.assegnati.flatMap((a) => a.warnings.map((w) => `${a.cognome} ${a.nome}: ${w}`)) ?? [];
  return (
    <Stack gap="3">
      <HStack>
        <Button
          size="sm"
          colorPalette="blue"
          disabled={!selected.length}
          loading={bulkState.isLoading}
          onClick={() => run(false)}
        >
          Assegna selezionati
        </Button>
        <Button
          size="sm"
          colorPalette="green"
          disabled={!selected.length}
          loading={bulkState.isLoading}
          onClick={() => run(true)}
        >
          Assegna e conferma selezionati
        </Button>
      </HStack>
      {notice && (
        <Alert.Root status="warning" role="status">
          <Alert.Indicator />
          <Alert.Title>{notice.join(" · ")}</Alert.Title>
        </Alert.Root>
      )}
      {report && (
        <Alert.Root status={report.falliti.length ? "warning" : "success"}>
          <Alert.Indicator />
          <Box>
            <Alert.Title>{`Assegnati ${report.assegnati.length}, scartati ${report.falliti.length}`}</Alert.Title>
            {report.falliti.map((s) => {
              const who = rows.find((r) => r.id === s.id);
              return (
                <Text key={s.id} fontSize="sm">
                  {`${who ? `${who.cognome} ${who.nome}: ` : ""}${s.detail}`}
                </Text>
              );
            })}
            {warnings.map((w) => (
              <Text key={w} fontSize="sm">
                {w}
              </Text>
            ))}
          </Box>
        </Alert.Root>
      )}
      <Box overflowX="auto">
        <Table.Root size="sm" aria-label={`Operatori candidati al turno ${ids.idTurno}`}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader />
              <Table.ColumnHeader>Operatore</Table.ColumnHeader>
              <Table.ColumnHeader>Idoneità</Table.ColumnHeader>
              <Table.ColumnHeader>Distanza (km)</Table.ColumnHeader>
              <Table.ColumnHeader>Ore settimana</Table.ColumnHeader>
              <Table.ColumnHeader>Valutazione</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={7}>Nessun operatore trovato</Table.Cell>
              </Table.Row>
            )}
            {rows.map((c) => {
              const name = `${c.cognome} ${c.nome}`;
              const busy = inProgress.includes(opKey(ids.idTurno, c.id));
              const op = {
                ...ref,
                idOperatore: c.id,
                confermato: c.confermato,
                display: { cognome: c.cognome, nome: c.nome },
              };
              return (
                <Table.Row key={c.id} opacity={c.eligible || c.assegnato ? 1 : 0.75} aria-label={name}>
                  <Table.Cell>
                    <Checkbox.Root
                      checked={selected.includes(c.id)}
                      disabled={c.assegnato || !c.eligible}
                      onCheckedChange={(d) => toggle(c.id, d.checked === true)}
                      aria-label={`Seleziona ${name}`}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                  <Table.Cell>
                    <OperatorName id={c.id} cliente={props.cliente}>
                      {name}
                    </OperatorName>
                    {c.assegnato && (
                      <Badge ml="2" colorPalette={c.confermato ? "green" : "orange"}>
                        {c.confermato ? "Confermato" : "Assegnato"}
                      </Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    {c.eligible ? (
                      <Badge colorPalette="green">Idoneo</Badge>
                    ) : (
                      <Stack gap="0">
                        <Badge colorPalette="red" alignSelf="start">
                          Non idoneo
                        </Badge>
                        {c.reasons.map((r) => (
                          <Text key={r.code} fontSize="xs">
                            {r.message}
                          </Text>
                        ))}
                      </Stack>
                    )}
                    {c.warnings.map((w) => (
                      <Text key={w} fontSize="xs" color="orange.600">
                        {w}
                      </Text>
                    ))}
                  </Table.Cell>
                  <Table.Cell>{c.distanza_km === null ? "—" : formatNumber(c.distanza_km)}</Table.Cell>
                  <Table.Cell>{secondsToHours(c.secondi_settimana)}</Table.Cell>
                  <Table.Cell>{c.rating ?? "—"}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="1">
                      {busy && <Spinner size="xs" aria-label={`Operazione in corso per ${name}`} />}
                      {!c.assegnato && (
                        <Button
                          size="2xs"
                          variant="outline"
                          disabled={busy || !c.eligible}
                          onClick={() => actor.send({ type: "ASSIGN", ...op })}
                          aria-label={`Assegna ${name}`}
                        >
                          Assegna
                        </Button>
                      )}
                      {c.assegnato && !c.confermato && (
                        <Button
                          size="2xs"
                          colorPalette="green"
                          disabled={busy}
                          onClick={() => actor.send({ type: "CONFIRM", ...op })}
                          aria-label={`Conferma ${name}`}
                        >
                          Conferma
                        </Button>
                      )}
                      {c.assegnato && (
                        <Button
                          size="2xs"
                          variant="ghost"
                          colorPalette="red"
                          disabled={busy}
                          onClick={() => actor.send({ type: "UNASSIGN", ...op })}
                          aria-label={`Rimuovi ${name}`}
                        >
                          Rimuovi
                        </Button>
                      )}
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}

function Consolida({ ids }: { ids: DayIds & { idTurno?: string } }) {
  const [perGiorno, g] = useConsolidaGiornoMutation();
  const [perTurno, t] = useConsolidaTurnoMutation();
  const [result, setResult] = useState<ConsolidaResult | null>(null);
  const run = async () => {
    try {
      const r = ids.idTurno ? await perTurno({ ...ids, idTurno: ids.idTurno }).unwrap() : await perGiorno(ids).unwrap();
      setResult(r);
      notify.success(MSG.saved);
    } catch (err) {
      notify.error(MSG.requestError(errorMessage(err)));
    }
  };
  return (
    <Stack gap="3">
      <Text>
        {ids.idTurno
          ? "Conferma tutte le assegnazioni del turno e mostra se resta scoperto."
          : "Conferma tutte le assegnazioni del giorno e mostra i turni ancora scoperti."}
      </Text>
      <Button alignSelf="start" colorPalette="green" onClick={run} loading={g.isLoading || t.isLoading}>
        Conferma tutte le assegnazioni
      </Button>
      {result && (
        <Alert.Root status={result.scoperti.length ? "warning" : "success"}>
          <Alert.Indicator />
          <Box>
            <Alert.Title>{`Confermati ${result.confermati}`}</Alert.Title>
            {result.scoperti.length === 0 ? (
              <Text fontSize="sm">Tutti i turni sono coperti</Text>
            ) : (
              result.scoperti.map((s) => (
                <Text key={s.turno_id} fontSize="sm">
                  {`Scoperto: ${formatDate(s.giorno)} ${turnoRanges(s)} (${s.posizione}) — assegnati ${s.assegnati} di ${s.operatori_richiesti}, mancano ${s.mancanti}`}
                </Text>
              ))
            )}
          </Box>
        </Alert.Root>
      )}
    </Stack>
  );
}
