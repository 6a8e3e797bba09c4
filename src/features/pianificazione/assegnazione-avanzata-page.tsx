/**
 * Advanced assignment and consolidation for a day or a shift (SPEC §2): header with client,
 * contract title, day DD/MM/YYYY and the shift's ranges; ranked operators with eligibility and
 * reasons, bulk assignment with a report of the skipped ones; consolidation confirms in bulk and
 * lists what is still uncovered; the shift's Logs panel.
 */
import { Alert, Badge, Box, Button, Checkbox, Heading, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useParams } from "react-router-dom";
import { errorMessage } from "../../api/base";
import {
  type BulkResult,
  type ConsolidaResult,
  useBulkAssignMutation,
  useCandidatiGiornoQuery,
  useCandidatiTurnoQuery,
  useConsolidaGiornoMutation,
  useConsolidaTurnoMutation,
  useServizioQuery,
} from "../../api/pianificazione.endpoints";
import { notify } from "../../app/toaster";
import { LogScreen } from "../../components/log-screen/log-screen";
import { formatDate, formatNumber } from "../../domain/format";
import { MSG } from "./messages";
import { turnoRanges } from "./shift-cell";

export function AssegnazioneAvanzataPage() {
  return <AdvancedPage mode="assegnazione" />;
}

export function ConsolidamentoAvanzatoPage() {
  return <AdvancedPage mode="consolidamento" />;
}

function AdvancedPage({ mode }: { mode: "assegnazione" | "consolidamento" }) {
  const { idContratto = "", idServizio = "", idGiorno = "", idTurno } = useParams();
  const servizio = useServizioQuery({ idContratto, idServizio });
  const giorno = servizio.data?.giorni.find((g) => String(g.id) === idGiorno);
  const turno = giorno?.turni.find((t) => String(t.id) === idTurno) ?? (idTurno ? undefined : giorno?.turni[0]);
  const title = mode === "assegnazione" ? "Assegnazione avanzata" : "Consolidamento avanzato";
  return (
    <Box p="4">
      <Heading size="lg">{title}</Heading>
      {servizio.data && (
        <Stack gap="0" mb="4" aria-label="Intestazione">
          <Text>{`Cliente: ${servizio.data.contratto.cliente?.ragione_sociale ?? ""}`}</Text>
          <Text>{`Contratto: ${servizio.data.contratto.titolo}`}</Text>
          <Text>{`Giorno: ${formatDate(giorno?.giorno)}`}</Text>
          {idTurno && turno && <Text>{`Turno: ${turnoRanges(turno)}`}</Text>}
        </Stack>
      )}
      {servizio.error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{MSG.requestError(errorMessage(servizio.error))}</Alert.Title>
        </Alert.Root>
      )}
      {mode === "assegnazione" && turno && (
        <Candidati ids={{ idContratto, idServizio, idGiorno, idTurno: turno.id }} dayLevel={!idTurno} />
      )}
      {mode === "consolidamento" && <Consolida ids={{ idContratto, idServizio, idGiorno, idTurno }} />}
      {idTurno && (
        <Box mt="6">
          <LogScreen title="Logs" contentType="turno" objectId={idTurno} />
        </Box>
      )}
    </Box>
  );
}

interface ShiftIds {
  idContratto: string;
  idServizio: string;
  idGiorno: string;
  idTurno: number | string;
}

function Candidati({ ids, dayLevel }: { ids: ShiftIds; dayLevel: boolean }) {
  const perTurno = useCandidatiTurnoQuery(ids, { skip: dayLevel });
  const perGiorno = useCandidatiGiornoQuery({ ...ids, turno: ids.idTurno }, { skip: !dayLevel });
  const { data = [] } = dayLevel ? perGiorno : perTurno;
  const [selected, setSelected] = useState<number[]>([]);
  const [bulk, bulkState] = useBulkAssignMutation();
  const [report, setReport] = useState<BulkResult | null>(null);
  const run = async (conferma: boolean) => {
    try {
      const r = await bulk({ ...ids, operatori: selected, conferma }).unwrap();
      setReport(r);
      setSelected([]);
      notify.success(MSG.saved);
    } catch (err) {
      notify.error(MSG.requestError(errorMessage(err)));
    }
  };
  const toggle = (id: number, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
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
          Assegna e conferma
        </Button>
      </HStack>
      {report && (
        <Alert.Root status={report.falliti.length ? "warning" : "success"}>
          <Alert.Indicator />
          <Box>
            <Alert.Title>{`Assegnati ${report.assegnati.length}, scartati ${report.falliti.length}`}</Alert.Title>
            {report.falliti.map((s) => (
              <Text key={s.id} fontSize="sm">
                {s.detail}
              </Text>
            ))}
            {report.assegnati
              .flatMap((a) => a.warnings)
              .map((w) => (
                <Text key={w} fontSize="sm">
                  {w}
                </Text>
              ))}
          </Box>
        </Alert.Root>
      )}
      <Table.Root size="sm" aria-label="Operatori candidati">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader />
            <Table.ColumnHeader>Operatore</Table.ColumnHeader>
            <Table.ColumnHeader>Idoneità</Table.ColumnHeader>
            <Table.ColumnHeader>Distanza (km)</Table.ColumnHeader>
            <Table.ColumnHeader>Ore settimana</Table.ColumnHeader>
            <Table.ColumnHeader>Valutazione</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.map((c) => (
            <Table.Row key={c.id} opacity={c.eligible ? 1 : 0.7}>
              <Table.Cell>
                <Checkbox.Root
                  checked={selected.includes(c.id)}
                  disabled={c.assegnato}
                  onCheckedChange={(d) => toggle(c.id, d.checked === true)}
                  aria-label={`Seleziona ${c.cognome} ${c.nome}`}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.Cell>
              <Table.Cell>
                {`${c.cognome} ${c.nome}`}
                {c.assegnato && <Badge ml="2">{c.confermato ? "Confermato" : "Assegnato"}</Badge>}
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
                      <Text key={r} fontSize="xs">
                        {r}
                      </Text>
                    ))}
                  </Stack>
                )}
              </Table.Cell>
              <Table.Cell>{formatNumber(c.distanza_km)}</Table.Cell>
              <Table.Cell>{formatNumber(c.ore_settimana)}</Table.Cell>
              <Table.Cell>{c.rating ?? ""}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}

function Consolida({ ids }: { ids: Omit<ShiftIds, "idTurno"> & { idTurno?: string } }) {
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
