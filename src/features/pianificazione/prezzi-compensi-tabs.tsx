/** Contract → prezzi (hourly price per qualification with surcharges) and compensi (hourly pay). */
import { Box, Button, HStack, Table } from "@chakra-ui/react";
import { Form } from "react-final-form";
import {
  useCompensiQuery,
  useDeleteCompensoMutation,
  useDeletePrezzoMutation,
  usePrezziQuery,
  useSaveCompensoMutation,
  useSavePrezzoMutation,
} from "../../api/pianificazione.endpoints";
import { useCurrentUser } from "../../app/session-context";
import { notify } from "../../app/toaster";
import { DeleteRowButton } from "../../components/delete-row-button";
import { TextField } from "../../components/form";
import { formatEuro, formatNumber } from "../../domain/format";
import { SelectField } from "./form-controls";
import { MSG } from "./messages";
import { reportSaveError } from "./save-outcome";

function usePosizioni() {
  const user = useCurrentUser();
  return (user?.settings.posizioni ?? []).map((p) => ({ value: String(p.id), label: p.descrizione }));
}

export function PrezziTab({ idContratto }: { idContratto: number }) {
  const { data = [] } = usePrezziQuery(idContratto);
  const [save] = useSavePrezzoMutation();
  const [remove] = useDeletePrezzoMutation();
  const posizioni = usePosizioni();
  return (
    <Box>
      <Table.Root size="sm" aria-label="Prezzi">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Qualifica</Table.ColumnHeader>
            <Table.ColumnHeader>Prezzo orario</Table.ColumnHeader>
            <Table.ColumnHeader>Notturno %</Table.ColumnHeader>
            <Table.ColumnHeader>Festivo %</Table.ColumnHeader>
            <Table.ColumnHeader>Domenicale %</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.map((p) => (
            <Table.Row key={p.id}>
              <Table.Cell>{p.posizione_descrizione}</Table.Cell>
              <Table.Cell>{formatEuro(p.prezzo_orario)}</Table.Cell>
              <Table.Cell>{formatNumber(p.maggiorazione_notturna)}</Table.Cell>
              <Table.Cell>{formatNumber(p.maggiorazione_festiva)}</Table.Cell>
              <Table.Cell>{formatNumber(p.maggiorazione_domenicale)}</Table.Cell>
              <Table.Cell>
                <DeleteRowButton
                  what={`il prezzo di ${p.posizione_descrizione}`}
                  onDelete={() => remove({ idContratto, id: p.id }).unwrap()}
                />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Form
        onSubmit={async (v: Record<string, string>, form) => {
          try {
            await save({
              idContratto,
              data: {
                posizione: Number(v.posizione),
                prezzo_orario: v.prezzo_orario,
                maggiorazione_notturna: v.maggiorazione_notturna || "0",
                maggiorazione_festiva: v.maggiorazione_festiva || "0",
                maggiorazione_domenicale: v.maggiorazione_domenicale || "0",
              },
            }).unwrap();
            notify.success(MSG.saved);
            setTimeout(() => form.restart());
            return undefined;
          } catch (err) {
            return reportSaveError(err);
          }
        }}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} aria-label="Nuovo prezzo">
            <HStack align="end" mt="4" gap="3" wrap="wrap">
              <SelectField name="posizione" label="Qualifica" options={posizioni} required />
              <TextField name="prezzo_orario" label="Prezzo orario (€)" type="number" step="0.01" required />
              <TextField name="maggiorazione_notturna" label="Notturno %" type="number" />
              <TextField name="maggiorazione_festiva" label="Festivo %" type="number" />
              <TextField name="maggiorazione_domenicale" label="Domenicale %" type="number" />
              <Button type="submit" loading={submitting}>
                Aggiungi
              </Button>
            </HStack>
          </form>
        )}
      />
    </Box>
  );
}

export function CompensiTab({ idContratto }: { idContratto: number }) {
  const { data = [] } = useCompensiQuery(idContratto);
  const [save] = useSaveCompensoMutation();
  const [remove] = useDeleteCompensoMutation();
  const posizioni = usePosizioni();
  return (
    <Box>
      <Table.Root size="sm" aria-label="Compensi">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Qualifica</Table.ColumnHeader>
            <Table.ColumnHeader>Compenso orario</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.map((c) => (
            <Table.Row key={c.id}>
              <Table.Cell>{c.posizione_descrizione}</Table.Cell>
              <Table.Cell>{formatEuro(c.compenso_orario)}</Table.Cell>
              <Table.Cell>
                <DeleteRowButton
                  what={`il compenso di ${c.posizione_descrizione}`}
                  onDelete={() => remove({ idContratto, id: c.id }).unwrap()}
                />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Form
        onSubmit={async (v: Record<string, string>, form) => {
          try {
            await save({
              idContratto,
              data: { posizione: Number(v.posizione), compenso_orario: v.compenso_orario },
            }).unwrap();
            notify.success(MSG.saved);
            setTimeout(() => form.restart());
            return undefined;
          } catch (err) {
            return reportSaveError(err);
          }
        }}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} aria-label="Nuovo compenso">
            <HStack align="end" mt="4" gap="3" wrap="wrap">
              <SelectField name="posizione" label="Qualifica" options={posizioni} required />
              <TextField name="compenso_orario" label="Compenso orario (€)" type="number" step="0.01" required />
              <Button type="submit" loading={submitting}>
                Aggiungi
              </Button>
            </HStack>
          </form>
        )}
      />
    </Box>
  );
}
