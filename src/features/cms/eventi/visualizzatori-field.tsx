/**
 * The event's viewers: CMS users of type Visualizzatore (GET /api/cms/utenti/?page_size=99999&tipologia_id=V),
 * chosen in the searchable multi-select; 'Nessun utente trovato' when there are none.
 */
import { Field as ChakraField, Text } from "@chakra-ui/react";
import { Field } from "react-final-form";
import { useVisualizzatoriQuery } from "../../../api/cms/utenti.endpoints";
import { MultiSelectField } from "../../../components/filter-bar/multi-select-field";
import { MSG } from "../common/messages";

export function VisualizzatoriField({ name = "visualizzatori" }: { name?: string }) {
  const { data, isLoading } = useVisualizzatoriQuery();
  const options = (data?.results ?? []).map((u) => ({
    value: String(u.id),
    label: `${u.last_name} ${u.first_name}`.trim(),
  }));
  return (
    <Field<string[]> name={name}>
      {({ input }) =>
        !isLoading && options.length === 0 ? (
          <ChakraField.Root>
            <ChakraField.Label>Visualizzatori</ChakraField.Label>
            <Text fontSize="sm" color="fg.muted">
              {MSG.nessunUtente}
            </Text>
          </ChakraField.Root>
        ) : (
          <MultiSelectField
            label="Visualizzatori"
            options={options}
            value={input.value || []}
            onChange={input.onChange}
          />
        )
      }
    </Field>
  );
}
