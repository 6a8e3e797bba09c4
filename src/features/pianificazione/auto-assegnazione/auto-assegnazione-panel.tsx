/**
 * 'Assegna automaticamente' (issue 16): the period (and, on the contracts list, a region), the
 * progress while the proposal is computed (with 'Annulla'), the proposal — totals covered
 * before → after, each proposed cell with why that operator, the places left uncovered with the
 * reason, hours per operator — with the choice of what to accept (all, none, per cell, per day,
 * per operator; per shift from the grid's cells), and the outcome: assigned, refused with reason.
 * Renders the scope's machine (auto-assegnazione-context.tsx) and sends it events.
 */
import { Alert, Box, Button, HStack, NativeSelect, Stack, Table, Text } from "@chakra-ui/react";
import { useSelector } from "@xstate/react";
import { addDays, format, parseISO, startOfWeek } from "date-fns";
import { useState } from "react";
import type { CellaProposta } from "../../../api/pianificazione/auto-assegnazione.endpoints";
import { DateInput } from "../../../components/form";
import { formatDate, formatTime } from "../../../domain/format";
import { REGIONI } from "../../../domain/province";
import { cellKey } from "../../../machines/auto-assegnazione.machine";
import { MSG } from "../common/messages";
import { monthOf } from "../common/month-range";
import { useAutoAssegnazioneActor } from "./auto-assegnazione-context";

const orario = (c: Pick<CellaProposta, "inizio_f1" | "fine_f1" | "inizio_f2" | "fine_f2">) => {
  const f1 = `${formatTime(c.inizio_f1)}–${formatTime(c.fine_f1)}`;
  return c.inizio_f2 && c.fine_f2 ? `${f1} / ${formatTime(c.inizio_f2)}–${formatTime(c.fine_f2)}` : f1;
};
const iso = (d: Date) => format(d, "yyyy-MM-dd");

export interface AutoAssegnazionePanelProps {
  /** The period offered first. */
  dal: string;
  al: string;
  /** One service's grid: only its places. */
  servizi?: number[];
  /** The contracts list: the whole company, a week or a month, optionally one region or client. */
  azienda?: boolean;
  clienti?: { value: string; label: string }[];
}

export function AutoAssegnazionePanel(props: AutoAssegnazionePanelProps) {
  const actor = useAutoAssegnazioneActor();
  const snap = useSelector(actor, (s) => s);
  const [form, setForm] = useState<{ dal: string; al: string; regione: string; cliente: string } | null>(null);
  const ctx = snap.context;

  if (snap.matches("idle"))
    return form ? (
      <Box borderWidth="1px" rounded="md" p="3" w="full" role="group" aria-label="Assegnazione automatica">
        <Stack gap="2">
          <Text fontWeight="semibold">Assegna automaticamente i posti scoperti</Text>
          <HStack gap="2" wrap="wrap" align="end">
            <Box>
              <Text fontSize="sm">Dal</Text>
              <DateInput aria-label="Dal" value={form.dal} onChange={(dal) => setForm({ ...form, dal })} />
            </Box>
            <Box>
              <Text fontSize="sm">Al</Text>
              <DateInput aria-label="Al" value={form.al} onChange={(al) => setForm({ ...form, al })} />
            </Box>
            {props.azienda && (
              <>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    const monday = startOfWeek(parseISO(form.dal), { weekStartsOn: 1 });
                    setForm({ ...form, dal: iso(monday), al: iso(addDays(monday, 6)) });
                  }}
                >
                  Settimana
                </Button>
                <Button size="sm" variant="outline" onClick={() => setForm({ ...form, ...monthOf(form.dal) })}>
                  Mese
                </Button>
                <Box>
                  <Text fontSize="sm">Regione</Text>
                  <NativeSelect.Root size="sm" width="56">
                    <NativeSelect.Field
                      aria-label="Regione"
                      value={form.regione}
                      onChange={(e) => setForm({ ...form, regione: e.target.value })}
                    >
                      <option value="">Tutte le regioni</option>
                      {REGIONI.map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Box>
                <Box>
                  <Text fontSize="sm">Cliente</Text>
                  <NativeSelect.Root size="sm" width="56">
                    <NativeSelect.Field
                      aria-label="Cliente"
                      value={form.cliente}
                      onChange={(e) => setForm({ ...form, cliente: e.target.value })}
                    >
                      <option value="">Tutti i clienti</option>
                      {(props.clienti ?? []).map((c) => (
                        <option key={c.value} value={c.value}>
                          {c.label}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Box>
              </>
            )}
          </HStack>
          <HStack gap="2">
            <Button
              size="sm"
              colorPalette="blue"
              disabled={!/^\d{4}-\d{2}-\d{2}$/.test(form.dal) || !/^\d{4}-\d{2}-\d{2}$/.test(form.al)}
              onClick={() =>
                actor.send({
                  type: "REQUEST",
                  richiesta: {
                    dal: form.dal,
                    al: form.al,
                    ...(props.servizi ? { servizi: props.servizi } : {}),
                    ...(form.regione ? { regione: form.regione } : {}),
                    ...(form.cliente ? { cliente: Number(form.cliente) } : {}),
                  },
                })
              }
            >
              Calcola proposta
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setForm(null)}>
              Chiudi
            </Button>
          </HStack>
        </Stack>
      </Box>
    ) : (
      <Button
        size="sm"
        variant="outline"
        onClick={() => setForm({ dal: props.dal, al: props.al, regione: "", cliente: "" })}
      >
        Assegna automaticamente
      </Button>
    );

  const close = (
    <Button
      size="sm"
      variant="ghost"
      onClick={() => {
        actor.send({ type: "CLOSE" });
        setForm(null);
      }}
    >
      Chiudi
    </Button>
  );

  if (snap.matches("requesting") || snap.matches("running")) {
    const value = Math.round((ctx.proposta?.avanzamento ?? 0) * 100);
    return (
      <Box borderWidth="1px" rounded="md" p="3" w="full" role="status" aria-label="Calcolo della proposta">
        <Text fontWeight="semibold">Calcolo della proposta in corso…</Text>
        <Box
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value}
          h="2"
          bg="gray.100"
          rounded="full"
          my="2"
        >
          <Box h="2" bg="blue.500" rounded="full" w={`${value}%`} />
        </Box>
        <HStack justify="space-between">
          <Text fontSize="sm">{ctx.proposta?.messaggio || "In attesa"}</Text>
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            disabled={snap.matches({ running: "cancelling" }) || ctx.id === null}
            onClick={() => actor.send({ type: "CANCEL" })}
          >
            Annulla
          </Button>
        </HStack>
      </Box>
    );
  }

  if (snap.matches("failed"))
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{MSG.requestError(ctx.failure?.message ?? "")}</Alert.Title>
        {close}
      </Alert.Root>
    );

  if (snap.matches("cancelled"))
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>
          {ctx.proposta?.stato === "errore" ? "Il calcolo della proposta non è riuscito" : "Proposta annullata"}
        </Alert.Title>
        {close}
      </Alert.Root>
    );

  if (snap.matches("result") && ctx.esito)
    return (
      <Box borderWidth="1px" rounded="md" p="3" w="full" role="status" aria-label="Esito dell'accettazione">
        <Text fontWeight="semibold">{`Assegnati ${ctx.esito.assegnati.length} · Rifiutati ${ctx.esito.rifiutati.length}`}</Text>
        <Stack gap="0" fontSize="sm">
          {ctx.esito.rifiutati.map((r) => {
            const c = ctx.proposta?.risultato?.celle.find(
              (x) => x.turno_id === r.turno && x.operatore.id === r.operatore,
            );
            return (
              <Text key={`${r.turno}/${r.operatore}`} color="red.600">
                {c
                  ? `${formatDate(c.giorno)} ${orario(c)} ${c.operatore.cognome} ${c.operatore.nome}: ${r.detail}`
                  : r.detail}
              </Text>
            );
          })}
        </Stack>
        {close}
      </Box>
    );

  // proposal (and accepting)
  const r = ctx.proposta?.risultato;
  if (!r) return null;
  const chosen = new Set(ctx.scelte);
  const giorni = [...new Set(r.celle.map((c) => c.giorno))].sort();
  const operatori = r.ore_operatori;
  const keysOf = (pred: (c: CellaProposta) => boolean) => r.celle.filter(pred).map(cellKey);
  const accepting = snap.matches("accepting");
  return (
    <Box borderWidth="1px" rounded="md" p="3" w="full" role="region" aria-label="Proposta di assegnazione">
      <Stack gap="2">
        <Text fontWeight="semibold">
          {`Posti coperti: ${r.totali.coperti_prima} → ${r.totali.coperti_dopo} su ${r.totali.posti} · ${r.celle.length} proposte, ${r.scoperti.reduce((s, x) => s + x.mancanti, 0)} posti restano scoperti`}
        </Text>
        <HStack gap="2" wrap="wrap">
          <Button size="xs" variant="outline" onClick={() => actor.send({ type: "SELECT_ALL" })}>
            Seleziona tutte
          </Button>
          <Button size="xs" variant="outline" onClick={() => actor.send({ type: "SELECT_NONE" })}>
            Nessuna
          </Button>
          <SelectBy
            label="Giorno"
            options={giorni.map((g) => ({ value: g, label: formatDate(g) }))}
            onPick={(g, selected) => actor.send({ type: "SET", keys: keysOf((c) => c.giorno === g), selected })}
          />
          <SelectBy
            label="Operatore"
            options={operatori.map((o) => ({ value: String(o.id), label: `${o.cognome} ${o.nome}` }))}
            onPick={(id, selected) =>
              actor.send({ type: "SET", keys: keysOf((c) => String(c.operatore.id) === id), selected })
            }
          />
          <Box flex="1" />
          <Button
            size="sm"
            colorPalette="blue"
            loading={accepting}
            disabled={ctx.scelte.length === 0}
            onClick={() => actor.send({ type: "ACCEPT" })}
          >
            {`Accetta selezionate (${ctx.scelte.length})`}
          </Button>
          {close}
        </HStack>
        <Box overflowX="auto" maxH="96" overflowY="auto">
          <Table.Root size="sm" aria-label="Turni proposti">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Accetta</Table.ColumnHeader>
                <Table.ColumnHeader>Giorno</Table.ColumnHeader>
                <Table.ColumnHeader>Turno</Table.ColumnHeader>
                {props.azienda && <Table.ColumnHeader>Contratto</Table.ColumnHeader>}
                <Table.ColumnHeader>Operatore</Table.ColumnHeader>
                <Table.ColumnHeader>Perché</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {r.celle.map((c) => {
                const name = `${c.operatore.cognome} ${c.operatore.nome}`;
                return (
                  <Table.Row key={cellKey(c)}>
                    <Table.Cell>
                      <input
                        type="checkbox"
                        aria-label={`Accetta ${name} il ${formatDate(c.giorno)} ${orario(c)}`}
                        checked={chosen.has(cellKey(c))}
                        onChange={() => actor.send({ type: "TOGGLE", key: cellKey(c) })}
                      />
                    </Table.Cell>
                    <Table.Cell>{formatDate(c.giorno)}</Table.Cell>
                    <Table.Cell>{`${orario(c)} · ${c.posizione}`}</Table.Cell>
                    {props.azienda && <Table.Cell>{`${c.contratto} (${c.cliente})`}</Table.Cell>}
                    <Table.Cell>{name}</Table.Cell>
                    <Table.Cell fontSize="xs">{c.motivo}</Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Box>
        {r.scoperti.length > 0 && (
          <Box>
            <Text fontWeight="semibold">Posti che restano scoperti</Text>
            <Stack gap="0" fontSize="sm" aria-label="Posti scoperti">
              {r.scoperti.map((s) => (
                <Text key={s.turno_id} color="red.700">
                  {`${formatDate(s.giorno)} ${orario(s)}${props.azienda ? ` (${s.contratto})` : ""} — ${s.mancanti} ${s.mancanti === 1 ? "posto" : "posti"}: ${s.motivo}`}
                </Text>
              ))}
            </Stack>
          </Box>
        )}
        <Box>
          <Text fontWeight="semibold">Ore per operatore</Text>
          <Stack gap="0" fontSize="sm" aria-label="Ore per operatore">
            {operatori.map((o) => (
              <Text key={o.id}>
                {`${o.cognome} ${o.nome}: ${o.turni} ${o.turni === 1 ? "turno" : "turni"}, ${o.ore_proposte} h proposte (${o.ore_pianificate} h già pianificate)`}
              </Text>
            ))}
          </Stack>
        </Box>
        {/* The method and its time are for whoever supports the office, not for the planner (issue 32 item 14). */}
        <Box as="details" fontSize="xs" color="fg.muted">
          <Box as="summary" cursor="pointer">
            Dettagli tecnici
          </Box>
          <Text>
            {`Calcolo: ${r.calcolo.metodo}, ${r.calcolo.blocchi} ${r.calcolo.blocchi === 1 ? "blocco" : "blocchi"}, ${String(r.calcolo.secondi).replace(".", ",")} s`}
          </Text>
        </Box>
      </Stack>
    </Box>
  );
}

/** A select of days or operators with 'Seleziona' / 'Deseleziona'. */
function SelectBy(props: {
  label: string;
  options: { value: string; label: string }[];
  onPick: (value: string, selected: boolean) => void;
}) {
  const [value, setValue] = useState("");
  return (
    <HStack gap="1">
      <NativeSelect.Root size="xs" width="44">
        <NativeSelect.Field
          aria-label={`Per ${props.label.toLowerCase()}`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        >
          <option value="">{`Per ${props.label.toLowerCase()}…`}</option>
          {props.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button size="xs" variant="outline" disabled={!value} onClick={() => props.onPick(value, true)}>
        Seleziona
      </Button>
      <Button size="xs" variant="outline" disabled={!value} onClick={() => props.onPick(value, false)}>
        Deseleziona
      </Button>
    </HStack>
  );
}
