/** Service tabs besides the grid: operatori-assegnati, costi, dotazioni, note-ed-allegati. */
import { Button, HStack, Stack, Table, Text } from "@chakra-ui/react";
import { Form } from "react-final-form";
import {
  useAddNotaMutation,
  useCostiQuery,
  useDeleteCostoMutation,
  useDotazioniQuery,
  useNoteQuery,
  useOperatoriAssegnatiQuery,
  useSaveCostoMutation,
  useSaveDotazioneMutation,
} from "../../api/pianificazione.endpoints";
import { notify } from "../../app/toaster";
import { TextField } from "../../components/form";
import { formatDate, formatEuro, secondsToHours } from "../../domain/format";
import { TextareaField } from "./form-controls";
import { MSG } from "./messages";
import { reportSaveError } from "./save-outcome";

interface Ids {
  idContratto: string;
  idServizio: string;
}

function Rows({ label, headers, rows }: { label: string; headers: string[]; rows: React.ReactNode[][] }) {
  return (
    <Table.Root size="sm" aria-label={label}>
      <Table.Header>
        <Table.Row>
          {headers.map((h) => (
            <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.length === 0 && (
          <Table.Row>
            <Table.Cell colSpan={headers.length}>Nessun risultato trovato</Table.Cell>
          </Table.Row>
        )}
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows
          <Table.Row key={i}>
            {r.map((c, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: read-only cells
              <Table.Cell key={j}>{c}</Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

async function saving(call: () => Promise<unknown>, reset: () => void) {
  try {
    await call();
    notify.success(MSG.saved);
    setTimeout(reset);
    return undefined;
  } catch (err) {
    return reportSaveError(err);
  }
}

export function OperatoriAssegnatiTab(ids: Ids) {
  const { data = [] } = useOperatoriAssegnatiQuery(ids);
  return (
    <Rows
      label="Operatori assegnati"
      headers={["Operatore", "Turni", "Confermati", "Ore"]}
      rows={data.map((o) => [`${o.cognome} ${o.nome}`, o.turni, o.confermati ?? "", secondsToHours(o.secondi)])}
    />
  );
}

export function CostiTab(ids: Ids) {
  const { data = [] } = useCostiQuery(ids);
  const [save] = useSaveCostoMutation();
  const [remove] = useDeleteCostoMutation();
  return (
    <Stack gap="4">
      <Rows
        label="Costi"
        headers={["Tipo", "Importo", "Data", "Note", ""]}
        rows={data.map((c) => [
          c.tipo,
          formatEuro(c.importo),
          formatDate(c.data),
          c.note,
          <Button key="x" size="xs" variant="ghost" colorPalette="red" onClick={() => remove({ ...ids, id: c.id })}>
            Elimina
          </Button>,
        ])}
      />
      <Form
        onSubmit={(v: Record<string, string>, form) =>
          saving(
            () =>
              save({ ...ids, data: { tipo: v.tipo, importo: v.importo, data: v.data, note: v.note || null } }).unwrap(),
            () => form.restart(),
          )
        }
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} aria-label="Nuovo costo">
            <HStack align="end" gap="3" wrap="wrap">
              <TextField name="tipo" label="Tipo" required />
              <TextField name="importo" label="Importo (€)" type="number" step="0.01" required />
              <TextField name="data" label="Data" type="date" required />
              <TextField name="note" label="Note" />
              <Button type="submit" loading={submitting}>
                Aggiungi
              </Button>
            </HStack>
          </form>
        )}
      />
    </Stack>
  );
}

export function DotazioniTab(ids: Ids) {
  const { data = [] } = useDotazioniQuery(ids);
  const [save] = useSaveDotazioneMutation();
  return (
    <Stack gap="4">
      <Rows
        label="Dotazioni"
        headers={["Descrizione", "Quantità", "Operatore", "Consegnata il", "Restituita il"]}
        rows={data.map((d) => [
          d.descrizione,
          d.quantita,
          d.operatore ? `${d.operatore.cognome} ${d.operatore.nome}` : "",
          formatDate(d.consegnata_il),
          formatDate(d.restituita_il),
        ])}
      />
      <Form
        onSubmit={(v: Record<string, string>, form) =>
          saving(
            () =>
              save({
                ...ids,
                data: {
                  descrizione: v.descrizione,
                  quantita: Number(v.quantita || 1),
                  operatore: null,
                  consegnata_il: v.consegnata_il || null,
                  restituita_il: v.restituita_il || null,
                },
              }).unwrap(),
            () => form.restart(),
          )
        }
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} aria-label="Nuova dotazione">
            <HStack align="end" gap="3" wrap="wrap">
              <TextField name="descrizione" label="Descrizione" required />
              <TextField name="quantita" label="Quantità" type="number" min={1} />
              <TextField name="consegnata_il" label="Consegnata il" type="date" />
              <TextField name="restituita_il" label="Restituita il" type="date" />
              <Button type="submit" loading={submitting}>
                Aggiungi
              </Button>
            </HStack>
          </form>
        )}
      />
    </Stack>
  );
}

export function NoteAllegatiTab(ids: Ids) {
  const { data = [] } = useNoteQuery(ids);
  const [add] = useAddNotaMutation();
  return (
    <Stack gap="4">
      {data.length === 0 && <Text>Nessuna nota</Text>}
      {data.map((n) => (
        <Stack key={n.id} borderWidth="1px" rounded="md" p="2" gap="0">
          <Text fontSize="xs" color="fg.muted">
            {n.created_at ? formatDate(n.created_at.slice(0, 10)) : ""}
            {n.utente ? ` — ${n.utente.first_name} ${n.utente.last_name}` : ""}
          </Text>
          <Text whiteSpace="pre-wrap">{n.testo}</Text>
        </Stack>
      ))}
      <Form
        onSubmit={(v: Record<string, string>, form) =>
          saving(
            () => add({ ...ids, testo: v.testo ?? "" }).unwrap(),
            () => form.restart(),
          )
        }
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} aria-label="Nuova nota">
            <TextareaField name="testo" label="Nuova nota" />
            <Button type="submit" mt="2" loading={submitting}>
              Aggiungi nota
            </Button>
          </form>
        )}
      />
    </Stack>
  );
}
