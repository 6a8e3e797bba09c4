/** Contract → prezzi (hourly price per qualification with surcharges) and compensi (hourly pay). */
import { Box } from "@chakra-ui/react";
import {
  useCompensiQuery,
  useDeleteCompensoMutation,
  useDeletePrezzoMutation,
  usePrezziQuery,
  useSaveCompensoMutation,
  useSavePrezzoMutation,
} from "../../api/pianificazione/contratti-righe.endpoints";
import { DeleteRowButton } from "../../components/delete-row-button";
import { TextField } from "../../components/form";
import { formatEuro, formatNumber } from "../../domain/format";
import { useCurrentUser } from "../../machines/session-context";
import { SelectField } from "./form-controls";
import { AddRowForm, Loaded, Rows } from "./rows-tab";

function usePosizioni() {
  const user = useCurrentUser();
  return (user?.settings.posizioni ?? []).map((p) => ({ value: String(p.id), label: p.descrizione }));
}

export function PrezziTab({ idContratto }: { idContratto: number }) {
  const { data = [], isLoading, error } = usePrezziQuery(idContratto);
  const [save] = useSavePrezzoMutation();
  const [remove] = useDeletePrezzoMutation();
  const posizioni = usePosizioni();
  return (
    <Box>
      <Loaded isLoading={isLoading} error={error}>
        <Rows
          label="Prezzi"
          headers={["Qualifica", "Prezzo orario", "Notturno %", "Festivo %", "Domenicale %", ""]}
          rows={data.map((p) => [
            p.posizione_descrizione,
            formatEuro(p.prezzo_orario),
            formatNumber(p.maggiorazione_notturna),
            formatNumber(p.maggiorazione_festiva),
            formatNumber(p.maggiorazione_domenicale),
            <DeleteRowButton
              key="x"
              what={`il prezzo di ${p.posizione_descrizione}`}
              onDelete={() => remove({ idContratto, id: p.id }).unwrap()}
            />,
          ])}
        />
      </Loaded>
      <AddRowForm
        label="Nuovo prezzo"
        onAdd={(v) =>
          save({
            idContratto,
            data: {
              posizione: Number(v.posizione),
              prezzo_orario: v.prezzo_orario ?? "",
              maggiorazione_notturna: v.maggiorazione_notturna || "0",
              maggiorazione_festiva: v.maggiorazione_festiva || "0",
              maggiorazione_domenicale: v.maggiorazione_domenicale || "0",
            },
          }).unwrap()
        }
      >
        <SelectField name="posizione" label="Qualifica" options={posizioni} required />
        <TextField name="prezzo_orario" label="Prezzo orario (€)" type="number" step="0.01" required />
        <TextField name="maggiorazione_notturna" label="Notturno %" type="number" />
        <TextField name="maggiorazione_festiva" label="Festivo %" type="number" />
        <TextField name="maggiorazione_domenicale" label="Domenicale %" type="number" />
      </AddRowForm>
    </Box>
  );
}

export function CompensiTab({ idContratto }: { idContratto: number }) {
  const { data = [], isLoading, error } = useCompensiQuery(idContratto);
  const [save] = useSaveCompensoMutation();
  const [remove] = useDeleteCompensoMutation();
  const posizioni = usePosizioni();
  return (
    <Box>
      <Loaded isLoading={isLoading} error={error}>
        <Rows
          label="Compensi"
          headers={["Qualifica", "Compenso orario", ""]}
          rows={data.map((c) => [
            c.posizione_descrizione,
            formatEuro(c.compenso_orario),
            <DeleteRowButton
              key="x"
              what={`il compenso di ${c.posizione_descrizione}`}
              onDelete={() => remove({ idContratto, id: c.id }).unwrap()}
            />,
          ])}
        />
      </Loaded>
      <AddRowForm
        label="Nuovo compenso"
        onAdd={(v) =>
          save({
            idContratto,
            data: { posizione: Number(v.posizione), compenso_orario: v.compenso_orario ?? "" },
          }).unwrap()
        }
      >
        <SelectField name="posizione" label="Qualifica" options={posizioni} required />
        <TextField name="compenso_orario" label="Compenso orario (€)" type="number" step="0.01" required />
      </AddRowForm>
    </Box>
  );
}
