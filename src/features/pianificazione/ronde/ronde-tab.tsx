/**
 * The service's "Ronde" tab (issue 34): its checkpoints (with the QR sheet to print), its tour
 * plans, and the rounds of a night as the server judged them. Loaded with the tab (lazy).
 */
import { Badge, Box, Button, Checkbox, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { useState } from "react";
import {
  type ServizioIds,
  useDeletePianoRondaMutation,
  useDeletePuntoRondaMutation,
  usePianiRondaQuery,
  usePuntiRondaQuery,
  useRondeServizioQuery,
  useSavePianoRondaMutation,
  useSavePuntoRondaMutation,
} from "../../../api/pianificazione/ronde.endpoints";
import { ChildTable, type CustomFieldProps, RowsState } from "../../../components/child-table";
import { DateInput } from "../../../components/form";
import { callUrl } from "../../../domain/contracts/calls";
import { rondeCalls } from "../../../domain/contracts/pianificazione/ronde/calls";
import {
  type Punto,
  RONDA_STATO_LABEL,
  type Ronda,
  type RondaStato,
} from "../../../domain/contracts/pianificazione/ronde/schemas";
import { formatDateTime } from "../../../domain/format";
import { instantToRome } from "../../../domain/shift-rules";
import { downloadFile } from "../../../lib/download";
import { notify } from "../../../lib/toaster";

type Values = Record<string, unknown>;

const COLORE: Record<RondaStato, string> = {
  prevista: "gray",
  in_corso: "blue",
  completata: "green",
  in_ritardo: "orange",
  incompleta: "red",
  non_eseguita: "red",
};

export function RondaStatoBadge({ stato }: { stato: RondaStato }) {
  return <Badge colorPalette={COLORE[stato]}>{RONDA_STATO_LABEL[stato]}</Badge>;
}

/** The plan's checkpoints in walking order: a tick adds a point at the end, untick removes it. */
function PuntiPicker({ punti, value, onChange, error }: CustomFieldProps & { punti: readonly Punto[] }) {
  const scelti = Array.isArray(value) ? (value as number[]) : [];
  return (
    <Stack gap="1">
      <Text fontWeight="medium">Punti di controllo (nell'ordine del giro)</Text>
      {punti.map((p) => {
        const i = scelti.indexOf(p.id);
        return (
          <Checkbox.Root
            key={p.id}
            checked={i >= 0}
            onCheckedChange={(d) => onChange(d.checked ? [...scelti, p.id] : scelti.filter((x) => x !== p.id))}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{i >= 0 ? `${i + 1}. ${p.nome}` : p.nome}</Checkbox.Label>
          </Checkbox.Root>
        );
      })}
      {punti.length === 0 && <Text>Aggiungere prima i punti di controllo.</Text>}
      {error && (
        <Text color="fg.error" fontSize="sm">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function PuntiTable({ ids }: { ids: ServizioIds }) {
  const { data, isLoading, error } = usePuntiRondaQuery(ids);
  const [save] = useSavePuntoRondaMutation();
  const [remove] = useDeletePuntoRondaMutation();
  return (
    <ChildTable
      label="Punti di controllo"
      rows={data?.results}
      isLoading={isLoading}
      error={error}
      columns={[
        { header: "Nome", render: (p) => p.nome },
        { header: "Codice", render: (p) => p.codice },
        { header: "NFC", render: (p) => p.nfc_uid ?? "" },
        { header: "Posizione", render: (p) => (p.lat === null ? "" : `${p.lat}, ${p.lng}`) },
        { header: "Istruzioni", render: (p) => p.istruzioni },
      ]}
      form={{
        placement: "dialog",
        titles: { add: "Nuovo punto di controllo", edit: "Modifica punto di controllo" },
        fields: [
          { name: "nome", label: "Nome", required: true },
          { name: "lat", label: "Latitudine", kind: "number", step: "0.000001" },
          { name: "lng", label: "Longitudine", kind: "number", step: "0.000001" },
          { name: "nfc_uid", label: "UID del tag NFC (facoltativo)" },
          { name: "istruzioni", label: "Istruzioni", kind: "textarea" },
        ],
      }}
      save={(v: Values, row) => save({ ...ids, riga: row?.id, data: v }).unwrap()}
      remove={(p) => remove({ ...ids, riga: p.id }).unwrap()}
      confirm={{ what: (p) => `il punto "${p.nome}"` }}
    />
  );
}

function PianiTable({ ids, punti }: { ids: ServizioIds; punti: readonly Punto[] }) {
  const { data, isLoading, error } = usePianiRondaQuery(ids);
  const [save] = useSavePianoRondaMutation();
  const [remove] = useDeletePianoRondaMutation();
  const nome = (id: number) => punti.find((p) => p.id === id)?.nome ?? `#${id}`;
  return (
    <ChildTable
      label="Piani di ronda"
      rows={data?.results}
      isLoading={isLoading}
      error={error}
      columns={[
        { header: "Nome", render: (p) => p.nome },
        { header: "Orario", render: (p) => `dalle ${p.dalle} alle ${p.alle}` },
        { header: "Ogni", render: (p) => `${p.ogni_minuti} min` },
        { header: "Tolleranza", render: (p) => `${p.tolleranza_minuti} min` },
        { header: "Punti", render: (p) => `${p.ordinato ? "In ordine: " : ""}${p.punti.map(nome).join(", ")}` },
        { header: "Attivo", render: (p) => (p.attivo ? "Sì" : "No") },
      ]}
      form={{
        placement: "dialog",
        titles: { add: "Nuovo piano di ronda", edit: "Modifica piano di ronda" },
        fields: [
          { name: "nome", label: "Nome", required: true },
          { name: "dalle", label: "Dalle", kind: "time", required: true },
          { name: "alle", label: "Alle (se prima di 'dalle': il mattino dopo)", kind: "time", required: true },
          { name: "ogni_minuti", label: "Ogni (minuti)", kind: "number", min: 15, required: true },
          { name: "tolleranza_minuti", label: "Tolleranza (minuti)", kind: "number", min: 0 },
          {
            name: "ordinato",
            label: "Ordine",
            kind: "select",
            options: [
              { value: "false", label: "In qualsiasi ordine" },
              { value: "true", label: "Nell'ordine indicato" },
            ],
          },
          {
            name: "attivo",
            label: "Stato",
            kind: "select",
            options: [
              { value: "true", label: "Attivo" },
              { value: "false", label: "Sospeso" },
            ],
          },
          { name: "punti", label: "Punti", render: (props) => <PuntiPicker {...props} punti={punti} /> },
        ],
        toValues: (row) =>
          row
            ? { ...row, ordinato: String(row.ordinato), attivo: String(row.attivo) }
            : { ordinato: "false", attivo: "true", tolleranza_minuti: 15, ogni_minuti: 120, punti: [] },
      }}
      save={(v: Values, row) => save({ ...ids, riga: row?.id, data: v }).unwrap()}
      remove={(p) => remove({ ...ids, riga: p.id }).unwrap()}
      confirm={{ what: (p) => `il piano "${p.nome}"` }}
    />
  );
}

function RondeGiorno({ ids }: { ids: ServizioIds }) {
  const [giorno, setGiorno] = useState(() => instantToRome(Date.now()).day);
  const { data, isLoading, error } = useRondeServizioQuery({ ...ids, giorno });
  return (
    <Box mb="6">
      <HStack justify="space-between" mb="2">
        <Text fontSize="lg" fontWeight="semibold">
          Ronde della notte
        </Text>
        <Box maxW="12rem">
          <DateInput aria-label="Notte del" value={giorno} onChange={(g) => g && setGiorno(g)} />
        </Box>
      </HStack>
      <RowsState isLoading={isLoading} error={error}>
        <Table.Root size="sm" variant="outline" aria-label="Ronde della notte">
          <Table.Header>
            <Table.Row>
              {["Prevista", "Piano", "Stato", "Guardia", "Iniziata", "Finita", "Punti mancati"].map((h) => (
                <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(data?.results ?? []).length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={7}>Nessuna ronda in questa notte</Table.Cell>
              </Table.Row>
            )}
            {(data?.results ?? []).map((r: Ronda) => (
              <Table.Row key={r.id}>
                <Table.Cell>{formatDateTime(r.previsto_il)}</Table.Cell>
                <Table.Cell>{r.piano}</Table.Cell>
                <Table.Cell>
                  <RondaStatoBadge stato={r.stato} />
                  {r.fuori_ordine && <Text fontSize="xs">Fuori ordine</Text>}
                </Table.Cell>
                <Table.Cell>{r.operatore ?? ""}</Table.Cell>
                <Table.Cell>{r.iniziata_il ? formatDateTime(r.iniziata_il) : ""}</Table.Cell>
                <Table.Cell>{r.finita_il ? formatDateTime(r.finita_il) : ""}</Table.Cell>
                <Table.Cell>{r.punti_mancanti.join(", ")}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </RowsState>
    </Box>
  );
}

export default function RondeTab({ idContratto, idServizio }: { idContratto: string; idServizio: string }) {
  const ids = { id: Number(idContratto), subId: Number(idServizio) };
  const punti = usePuntiRondaQuery(ids);
  return (
    <Box>
      <HStack justify="flex-end" mb="2">
        <Button
          size="sm"
          variant="outline"
          disabled={(punti.data?.results.length ?? 0) === 0}
          onClick={() =>
            downloadFile(callUrl(rondeCalls.foglioQrRonda, ids), `punti-controllo-servizio-${idServizio}.pdf`).catch(
              () => notify.error("Impossibile scaricare il foglio dei QR"),
            )
          }
        >
          Stampa QR dei punti
        </Button>
      </HStack>
      <PuntiTable ids={ids} />
      <PianiTable ids={ids} punti={punti.data?.results ?? []} />
      <RondeGiorno ids={ids} />
    </Box>
  );
}
