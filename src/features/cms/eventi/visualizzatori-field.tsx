/**
 * The CMS users an event links. Its viewers: CMS users of type Visualizzatore (GET /api/cms/utenti/?page_size=99999&tipologia_id=V),
 * chosen in the searchable multi-select; 'Nessun utente trovato' when there are none.
 */
import { Field as ChakraField, Text } from "@chakra-ui/react";
import { Field } from "react-final-form";
import { useUtentiAttiviQuery, useVisualizzatoriQuery } from "../../../api/cms/utenti.endpoints";
import { MultiSelectField } from "../../../components/filter-bar/multi-select-field";
import type { UtenteCms } from "../../../domain/contracts/cms/utenti";
import { MSG } from "../common/messages";

export function VisualizzatoriField() {
  const { data, isLoading } = useVisualizzatoriQuery();
  return <UtentiField name="visualizzatori" label="Visualizzatori" utenti={data?.results} isLoading={isLoading} />;
}

/** Ours: the stewards who count at the event (CMS users not of type V): they may sign in to the counting app. */
export function AddettiField() {
  const { data, isLoading } = useUtentiAttiviQuery();
  const addetti = data?.results.filter((u) => u.tipologia_id !== "V");
  return <UtentiField name="addetti" label="Addetti al conteggio" utenti={addetti} isLoading={isLoading} />;
}

function UtentiField(props: { name: string; label: string; utenti: UtenteCms[] | undefined; isLoading: boolean }) {
  const { name, label, utenti, isLoading } = props;
  const options = (utenti ?? []).map((u) => ({
    value: String(u.id),
    label: `${u.last_name} ${u.first_name}`.trim(),
  }));
  return (
    <Field<string[]> name={name}>
      {({ input }) =>
        !isLoading && options.length === 0 ? (
          <ChakraField.Root>
            <ChakraField.Label>{label}</ChakraField.Label>
            <Text fontSize="sm" color="fg.muted">
              {MSG.nessunUtente}
            </Text>
          </ChakraField.Root>
        ) : (
          <MultiSelectField label={label} options={options} value={input.value || []} onChange={input.onChange} />
        )
      }
    </Field>
  );
}
