/**
 * "Conferma settimana" above the grid (issue 32 item 6): after automatic staffing, one action confirms
 * every assigned place of a week (or of the month shown) through the assignment machine — its
 * operators marked in progress in the cells, one report, one debounced reload. The dialog lists what
 * it will confirm before the click; a past day's places are skipped and reported, or confirmed with
 * a derogation by who may give one.
 */
import { Alert, Box, Button, Dialog, Field, NativeSelect, Portal, Stack, Text, Textarea } from "@chakra-ui/react";
import { useMemo, useState } from "react";
import type { Servizio } from "../../../api/pianificazione/servizi.endpoints";
import { conta, formatDate, formatGiornoBreve } from "../../../domain/format";
import { CAPABILITIES, hasAny } from "../../../domain/permissions";
import { instantToRome } from "../../../domain/shift-rules";
import { usePermissions } from "../../../machines/session-context";
import { type MonthRange, monthLabel, weeksOf } from "../common/month-range";
import { useAssignmentActor, useAssignmentState } from "./assignment-context";
import { placesToConfirm } from "./conferma-periodo.plan";
import { turnoRanges } from "./shift-cell";

const assegnazioni = (n: number) => conta(n, "assegnazione", "assegnazioni");

function periodLabel(p: MonthRange, month: MonthRange): string {
  if (p.dal === month.dal && p.al === month.al) return `Tutto il mese (${monthLabel(month)})`;
  return `Settimana ${formatGiornoBreve(p.dal)} – ${formatGiornoBreve(p.al)}`;
}

/** The week holding today, when the month shown holds it; else the first week with something to confirm. */
function defaultPeriod(weeks: MonthRange[], servizio: Servizio): number {
  // Today in Rome, as the server counts days (a UTC date is yesterday's between midnight and 1–2 am).
  const today = instantToRome(Date.now()).day;
  const current = weeks.findIndex((w) => w.dal <= today && today <= w.al);
  if (current >= 0) return current;
  const first = weeks.findIndex((w) => placesToConfirm(servizio, w).length > 0);
  return Math.max(first, 0);
}

export function ConfermaPeriodo({ servizio, month }: { servizio: Servizio; month: MonthRange }) {
  const actor = useAssignmentActor();
  const idle = useAssignmentState((s) => s.matches({ calls: "ready" }));
  const running = useAssignmentState((s) => s.matches({ calls: "confirmingPeriod" }));
  const mayDerogate = hasAny(usePermissions(), CAPABILITIES.contrattiDeroghe);
  const periods = useMemo(() => [...weeksOf(month), month], [month]);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState(0);
  const [deroga, setDeroga] = useState("");
  const period = periods[choice] ?? month;
  const places = useMemo(() => placesToConfirm(servizio, period), [servizio, period]);
  const withDeroga = mayDerogate && deroga.trim().length > 0;
  const confirmed = places.filter((p) => withDeroga || !p.passato);
  const skipped = places.length - confirmed.length;

  const openDialog = () => {
    setChoice(defaultPeriod(periods.slice(0, -1), servizio));
    setDeroga("");
    setOpen(true);
  };
  const send = () => {
    actor.send({
      type: "CONFIRM_PERIOD",
      dal: period.dal,
      al: period.al,
      keys: confirmed.map((p) => p.key),
      ...(withDeroga ? { deroga: deroga.trim() } : {}),
    });
    setOpen(false);
  };

  return (
    <>
      <Button size="sm" colorPalette="green" variant="outline" onClick={openDialog} disabled={!idle} loading={running}>
        Conferma settimana
      </Button>
      <Dialog.Root open={open} onOpenChange={(d) => !d.open && setOpen(false)} size="lg" scrollBehavior="inside">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Conferma le assegnazioni del periodo</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  <Field.Root>
                    <Field.Label>Periodo</Field.Label>
                    <NativeSelect.Root size="sm">
                      <NativeSelect.Field value={String(choice)} onChange={(e) => setChoice(Number(e.target.value))}>
                        {periods.map((p, i) => (
                          <option key={`${p.dal}-${p.al}`} value={i}>
                            {periodLabel(p, month)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  {places.length === 0 ? (
                    <Text>Nel periodo non ci sono assegnazioni da confermare.</Text>
                  ) : (
                    <Box>
                      <Text fontWeight="semibold" mb="1">
                        {`Verranno confermate ${assegnazioni(confirmed.length)}:`}
                      </Text>
                      <Box
                        as="ul"
                        listStyleType="none"
                        maxH="60"
                        overflowY="auto"
                        aria-label="Assegnazioni da confermare"
                      >
                        {places.map((p) => (
                          <Box
                            as="li"
                            key={p.key}
                            fontSize="sm"
                            color={p.passato && !withDeroga ? "fg.muted" : undefined}
                          >
                            {`${formatGiornoBreve(p.giorno)} ${turnoRanges(p.turno)} — ${p.operatore.cognome} ${p.operatore.nome}`}
                            {p.passato && !withDeroga && " (giorno passato: non sarà confermata)"}
                          </Box>
                        ))}
                      </Box>
                    </Box>
                  )}
                  {skipped > 0 && (
                    <Text fontSize="sm" color="orange.700">
                      {`${conta(skipped, "assegnazione è", "assegnazioni sono")} su giorni passati: si confermano solo con una deroga motivata.`}
                    </Text>
                  )}
                  {mayDerogate && places.some((p) => p.passato) && (
                    <Field.Root>
                      <Field.Label>Motivo della deroga (per confermare anche i giorni passati)</Field.Label>
                      <Textarea size="sm" value={deroga} onChange={(e) => setDeroga(e.target.value)} rows={2} />
                    </Field.Root>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => setOpen(false)}>
                  Annulla
                </Button>
                <Button colorPalette="green" onClick={send} disabled={confirmed.length === 0}>
                  {`Conferma ${assegnazioni(confirmed.length)}`}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}

/** The last period confirmation's report, under the grid's toolbar. */
export function EsitoConfermaPeriodo() {
  const report = useAssignmentState((s) => s.context.periodConfirmation);
  if (!report) return null;
  return (
    <Box role="status" aria-label="Esito della conferma del periodo" w="full">
      <Alert.Root status={report.saltati.length || report.scoperti.length ? "warning" : "success"} mt="2">
        <Alert.Indicator />
        <Box>
          <Alert.Title>
            {`${formatDate(report.dal)} – ${formatDate(report.al)}: confermate ${assegnazioni(report.confermati)}`}
            {report.saltati.length > 0 && `, non confermate ${report.saltati.length}`}
          </Alert.Title>
          {report.saltati.map((s) => (
            <Text key={`${s.turno_id}:${s.operatore_id}`} fontSize="sm">
              {`${formatGiornoBreve(s.giorno)} ${s.cognome} ${s.nome}: ${s.detail}`}
            </Text>
          ))}
          {report.scoperti.length > 0 && (
            <Text fontSize="sm">{`Turni ancora scoperti: ${report.scoperti
              .map((s) => `${formatGiornoBreve(s.giorno)} ${turnoRanges(s)} (mancano ${s.mancanti})`)
              .join("; ")}`}</Text>
          )}
        </Box>
      </Alert.Root>
    </Box>
  );
}
