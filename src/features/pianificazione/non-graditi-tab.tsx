/** Contract → operatori-non-graditi: operators the client refuses, with a reason (kept out of assignment). */
import { Box } from "@chakra-ui/react";
import { Field } from "react-final-form";
import {
  useAddNonGraditoMutation,
  useDeleteNonGraditoMutation,
  useNonGraditiQuery,
} from "../../api/pianificazione/contratti-righe.endpoints";
import { DeleteRowButton } from "../../components/delete-row-button";
import { TextField } from "../../components/form";
import { OperatorPicker } from "./operator-picker";
import { AddRowForm, Loaded, Rows } from "./rows-tab";

const REQUIRED = "Questo campo è obbligatorio";

export function NonGraditiTab({ idContratto }: { idContratto: number }) {
  const { data = [], isLoading, error } = useNonGraditiQuery(idContratto);
  const [add] = useAddNonGraditoMutation();
  const [remove] = useDeleteNonGraditoMutation();
  return (
    <Box>
      <Loaded isLoading={isLoading} error={error}>
        <Rows
          label="Operatori non graditi"
          headers={["Operatore", "Motivo", ""]}
          empty="Nessun operatore non gradito"
          rows={data.map((n) => [
            n.operatore_nome,
            n.motivo,
            <DeleteRowButton
              key="x"
              what={`${n.operatore_nome} dagli operatori non graditi`}
              onDelete={() => remove({ idContratto, id: n.id }).unwrap()}
            />,
          ])}
        />
      </Loaded>
      <AddRowForm
        label="Nuovo operatore non gradito"
        check={(v) => (v.operatore ? undefined : { operatore: REQUIRED })}
        onAdd={(v) => add({ idContratto, data: { operatore: Number(v.operatore), motivo: v.motivo ?? "" } }).unwrap()}
      >
        {(form) => (
          <>
            <Field name="operatore" subscription={{ submitError: true, dirtySinceLastSubmit: true }}>
              {({ meta }) => (
                <OperatorPicker
                  label="Operatore"
                  error={meta.dirtySinceLastSubmit ? undefined : meta.submitError}
                  onSelect={(op) => form.change("operatore", op ? String(op.id) : undefined)}
                />
              )}
            </Field>
            <TextField name="motivo" label="Motivo" />
          </>
        )}
      </AddRowForm>
    </Box>
  );
}
