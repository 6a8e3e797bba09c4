/**
 * Advanced assignment and consolidation for a day or a shift (SPEC §2): header with client,
 * contract title, day DD/MM/YYYY and the shift's ranges; for each shift the operators ranked by
 * the server (eligible first, then distance, hours this week, rating) in a compact table of
 * one-line rows ('Solo idonei' on by default, reasons folded, only the rows in view drawn: a
 * shift with 500 candidates stays one screen tall), each ineligible row with its reasons, the quick view on hover, the operator's actions from the row (<OperatorActions>, as
 * in the grid) and bulk assignment with a report of the skipped ones; consolidation confirms in
 * bulk and lists what is still uncovered; the shift's Logs panel. Every call goes through the
 * service's assignment machine (events, traced, buttons disabled while it runs, the debounced
 * reload); the reports are the machine's.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Heading,
  HStack,
  Popover,
  Skeleton,
  Stack,
  Table,
  Text,
} from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { Link as RouterLink, useParams } from "react-router-dom";
import { errorMessage } from "../../../api/base";
import { turnoLogPath } from "../../../api/log.endpoints";
import {
  type Candidato,
  type TurnoHeader,
  useCandidatiGiornoQuery,
  useCandidatiTurnoQuery,
} from "../../../api/pianificazione/assegnazione.endpoints";
import type { ClienteRef } from "../../../api/pianificazione/contratti.endpoints";
import { LogScreen } from "../../../components/log-screen/log-screen";
import { OperatorName } from "../../../components/quick-view";
import { conta, formatDate, formatNumber, secondsToHours } from "../../../domain/format";
import { useWindowedRows } from "../../../lib/windowed-rows";
import { statusOf } from "../../../machines/assignment/operator-status";
import { noticeForTurno } from "../../../machines/assignment.machine";
import { MSG } from "../common/messages";
import { AssignmentScope, useAssignmentActor, useAssignmentState } from "./assignment-context";
import { OperatorActions } from "./operator-actions";
import { turnoRanges } from "./shift-cell";

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
  const title = mode === "assegnazione" ? "Assegnazione avanzata" : "Consolidamento avanzato";
  const grid = `/pianificazione/contratti/${idContratto}/servizi/${idServizio}/assegnazione-risorse`;
  const single = idTurno ? turni[0] : undefined;
  return (
    <AssignmentScope idContratto={idContratto} idServizio={idServizio}>
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
        {mode === "consolidamento" && header && <Consolida ids={{ ...ids, idTurno }} turni={turni} />}
        {mode === "assegnazione" &&
          turni.map((t) => (
            <Box key={t.id} mb="6">
              {!idTurno && (
                <Heading size="sm" mb="2">
                  {`Turno ${turnoRanges(t)} — ${t.posizione.descrizione} (richiesti ${t.operatori_richiesti})`}
                </Heading>
              )}
              <Candidati ids={{ ...ids, idTurno: t.id }} cliente={header?.cliente.id} rows={t.results} />
            </Box>
          ))}
        {mode === "assegnazione" && header && turni.length === 0 && <Text>Nessun turno in questo giorno</Text>}
        {idTurno && (
          <Box mt="6">
            <LogScreen title="Logs" path={turnoLogPath(idTurno)} />
          </Box>
        )}
      </Box>
    </AssignmentScope>
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

/**
 * Why an operator is not eligible, and the warnings of one who is: one line (the first, cut with
 * an ellipsis, whole on hover) and 'Altri N' opening the whole list — every row keeps one height.
 */
function Idoneita({ c }: { c: Candidato }) {
  const lines = [...c.reasons.map((r) => r.message), ...c.warnings];
  const [first, ...others] = lines;
  return (
    <HStack gap="1" minW="0">
      {c.eligible ? <Badge colorPalette="green">Idoneo</Badge> : <Badge colorPalette="red">Non idoneo</Badge>}
      {first && (
        <Text fontSize="xs" truncate title={first} color={c.eligible ? "orange.600" : undefined} minW="0">
          {first}
        </Text>
      )}
      {others.length > 0 && (
        <Popover.Root lazyMount unmountOnExit>
          <Popover.Trigger asChild>
            <Button size="2xs" variant="plain" px="0" flexShrink={0}>
              {`Altri ${others.length}`}
            </Button>
          </Popover.Trigger>
          <Popover.Positioner>
            <Popover.Content width="sm">
              <Popover.Body>
                <Stack gap="1" aria-label={`Motivi di ${c.cognome} ${c.nome}`}>
                  {lines.map((l) => (
                    <Text key={l} fontSize="xs">
                      {l}
                    </Text>
                  ))}
                </Stack>
              </Popover.Body>
            </Popover.Content>
          </Popover.Positioner>
        </Popover.Root>
      )}
    </HStack>
  );
}

/** One height for every candidate row, so that only the rows in view are drawn (useWindowedRows). */
const ROW_HEIGHT = 44;

function Candidati(props: { ids: ShiftIds; cliente?: number; rows: Candidato[] }) {
  const { ids } = props;
  // 'Solo idonei' on by default: the eligible operators and those already on the shift.
  const [soloIdonei, setSoloIdonei] = useState(true);
  const rows = soloIdonei ? props.rows.filter((r) => r.eligible || statusOf(r) !== "notAssigned") : props.rows;
  const hidden = props.rows.length - rows.length;
  const actor = useAssignmentActor();
  const notice = useAssignmentState((s) => noticeForTurno(s.context, ids.idTurno)?.messages);
  const report = useAssignmentState((s) => s.context.bulk[String(ids.idTurno)]);
  const idle = useAssignmentState((s) => s.matches({ calls: "ready" }));
  const running = useAssignmentState((s) => {
    const r = s.context.request;
    return s.matches({ calls: "bulkAssigning" }) && !!r && "idTurno" in r && String(r.idTurno) === String(ids.idTurno);
  });
  const [selected, setSelected] = useState<number[]>([]);
  // A new report: the chosen operators went through.
  useEffect(() => {
    if (report) setSelected([]);
  }, [report]);
  const run = (conferma: boolean) =>
    actor.send({
      type: "BULK_ASSIGN",
      idGiorno: ids.idGiorno,
      idTurno: ids.idTurno,
      conferma,
      operatori: rows.filter((r) => selected.includes(r.id)).map(({ id, cognome, nome }) => ({ id, cognome, nome })),
    });
  const toggle = (id: number, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  const view = useWindowedRows(rows.length, ROW_HEIGHT);
  const warnings = report?.assegnati.flatMap((a) => a.warnings.map((w) => `${a.cognome} ${a.nome}: ${w}`)) ?? [];
  return (
    <Stack gap="3">
      <HStack>
        <Button
          size="sm"
          colorPalette="blue"
          disabled={!selected.length || !idle}
          loading={running}
          loadingText="Assegna selezionati"
          onClick={() => run(false)}
        >
          Assegna selezionati
        </Button>
        <Button
          size="sm"
          colorPalette="green"
          disabled={!selected.length || !idle}
          loading={running}
          loadingText="Assegna e conferma selezionati"
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
        <Alert.Root
          status={report.scartati.length ? "warning" : "success"}
          role="status"
          aria-label="Esito dell'assegnazione"
        >
          <Alert.Indicator />
          <Box>
            <Alert.Title>{`Assegnati ${report.assegnati.length}, scartati ${report.scartati.length}`}</Alert.Title>
            {report.scartati.map((s) => (
              <Text key={s.id} fontSize="sm">
                {`${s.cognome} ${s.nome}: ${s.detail}`}
              </Text>
            ))}
            {warnings.map((w) => (
              <Text key={w} fontSize="sm">
                {w}
              </Text>
            ))}
          </Box>
        </Alert.Root>
      )}
      <Checkbox.Root checked={soloIdonei} onCheckedChange={(d) => setSoloIdonei(d.checked === true)} size="sm" mb="1">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{`Solo idonei${soloIdonei && hidden > 0 ? ` (${hidden} nascosti)` : ""}`}</Checkbox.Label>
      </Checkbox.Root>
      <Box ref={view.ref} overflow="auto" maxH="60vh" borderWidth="1px" rounded="md">
        <Table.Root size="sm" stickyHeader aria-label={`Operatori candidati al turno ${ids.idTurno}`}>
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
            {view.before > 0 && <Table.Row aria-hidden style={{ height: view.before }} />}
            {rows.slice(view.start, view.end).map((c) => {
              const name = `${c.cognome} ${c.nome}`;
              const status = statusOf(c);
              return (
                <Table.Row
                  key={c.id}
                  h={`${ROW_HEIGHT}px`}
                  whiteSpace="nowrap"
                  opacity={c.eligible || status !== "notAssigned" ? 1 : 0.75}
                  aria-label={name}
                >
                  <Table.Cell>
                    <Checkbox.Root
                      checked={selected.includes(c.id)}
                      disabled={status !== "notAssigned" || !c.eligible || !idle}
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
                    {status !== "notAssigned" && (
                      <Badge ml="2" colorPalette={status === "confirmed" ? "green" : "orange"}>
                        {status === "confirmed" ? "Confermato" : "Assegnato"}
                      </Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell maxW="md">
                    <Idoneita c={c} />
                  </Table.Cell>
                  <Table.Cell>{c.distanza_km === null ? "—" : formatNumber(c.distanza_km)}</Table.Cell>
                  <Table.Cell>{secondsToHours(c.secondi_settimana)}</Table.Cell>
                  <Table.Cell>{c.rating ?? "—"}</Table.Cell>
                  <Table.Cell>
                    <OperatorActions
                      idGiorno={ids.idGiorno}
                      idTurno={ids.idTurno}
                      operator={c}
                      status={status}
                      canAssign={c.eligible}
                    />
                  </Table.Cell>
                </Table.Row>
              );
            })}
            {view.after > 0 && <Table.Row aria-hidden style={{ height: view.after }} />}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}

function Consolida({
  ids,
  turni,
}: {
  ids: DayIds & { idTurno?: string };
  turni: (TurnoHeader & { results: Candidato[] })[];
}) {
  const actor = useAssignmentActor();
  // What the click will confirm, listed before it (issue 32 item 6).
  const daConfermare = turni.flatMap((t) =>
    t.results.filter((r) => statusOf(r) === "assigned").map((r) => ({ turno: t, operatore: r })),
  );
  const result = useAssignmentState((s) => s.context.consolidation);
  const running = useAssignmentState((s) => s.matches({ calls: "consolidating" }));
  const idle = useAssignmentState((s) => s.matches({ calls: "ready" }));
  return (
    <Stack gap="3">
      <Text>
        {ids.idTurno
          ? "Conferma tutte le assegnazioni del turno e mostra se resta scoperto."
          : "Conferma tutte le assegnazioni del giorno e mostra i turni ancora scoperti."}
      </Text>
      {daConfermare.length === 0 ? (
        <Text color="fg.muted">Nessuna assegnazione da confermare: sono già tutte confermate.</Text>
      ) : (
        <Box aria-label="Assegnazioni da confermare" role="group">
          <Text fontWeight="semibold">{`Verranno confermate ${conta(daConfermare.length, "assegnazione", "assegnazioni")}:`}</Text>
          {daConfermare.map(({ turno, operatore }) => (
            <Text key={`${turno.id}:${operatore.id}`} fontSize="sm">
              {`${turnoRanges(turno)} — ${operatore.cognome} ${operatore.nome}`}
            </Text>
          ))}
        </Box>
      )}
      <Button
        alignSelf="start"
        colorPalette="green"
        onClick={() => actor.send({ type: "CONSOLIDATE", idGiorno: ids.idGiorno, idTurno: ids.idTurno })}
        loading={running}
        loadingText="Conferma tutte le assegnazioni"
        disabled={!idle}
      >
        Conferma tutte le assegnazioni
      </Button>
      {result && (
        <Alert.Root
          status={result.scoperti.length ? "warning" : "success"}
          role="status"
          aria-label="Esito del consolidamento"
        >
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
