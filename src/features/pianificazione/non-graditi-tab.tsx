/** Contract → operatori-non-graditi: operators the client refuses, with a reason (kept out of assignment). */
import { Box, Button, HStack, Table } from "@chakra-ui/react";
import { Form } from "react-final-form";
import {
  useAddNonGraditoMutation,
  useDeleteNonGraditoMutation,
  useNonGraditiQuery,
} from "../../api/pianificazione.endpoints";
import { notify } from "../../app/toaster";
import { DeleteRowButton } from "../../components/delete-row-button";
import { TextField } from "../../components/form";
import { MSG } from "./messages";
import { OperatorPicker } from "./operator-picker";
import { reportSaveError } from "./save-outcome";

export function NonGraditiTab({ idContratto }: { idContratto: number }) {
  const { data = [], isLoading } = useNonGraditiQuery(idContratto);
  const [add] = useAddNonGraditoMutation();
  const [remove] = useDeleteNonGraditoMutation();
  return (
    <Box>
      <Table.Root size="sm" aria-label="Operatori non graditi">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Operatore</Table.ColumnHeader>
            <Table.ColumnHeader>Motivo</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {!isLoading && data.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={3}>Nessun operatore non gradito</Table.Cell>
            </Table.Row>
          )}
          {data.map((n) => (
            <Table.Row key={n.id}>
              <Table.Cell>{n.operatore_nome}</Table.Cell>
              <Table.Cell>{n.motivo}</Table.Cell>
              <Table.Cell>
                <DeleteRowButton
                  what={`${n.operatore_nome} dagli operatori non graditi`}
                  onDelete={() => remove({ idContratto, id: n.id }).unwrap()}
                />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Form
        onSubmit={async (v: { operatore?: number; motivo?: string }, form) => {
          if (!v.operatore) return { operatore: "Questo campo è obbligatorio" };
          try {
            await add({ idContratto, data: { operatore: v.operatore, motivo: v.motivo ?? "" } }).unwrap();
            notify.success(MSG.saved);
            setTimeout(() => form.restart());
            return undefined;
          } catch (err) {
            return reportSaveError(err);
          }
        }}
        render={({ handleSubmit, submitting, form }) => (
          <form onSubmit={handleSubmit} aria-label="Nuovo operatore non gradito">
            <HStack align="end" mt="4" gap="3" wrap="wrap">
              <OperatorPicker label="Operatore" onSelect={(op) => form.change("operatore", op?.id)} />
              <TextField name="motivo" label="Motivo" />
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
