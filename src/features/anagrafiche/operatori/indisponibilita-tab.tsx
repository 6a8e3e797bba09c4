/** indisponibilita: unavailability periods with reason, and the weekly availability per day. */
import { Box, Button, Heading, HStack, Stack, Switch, Text } from "@chakra-ui/react";
import { Form } from "react-final-form";
import {
  type TabItem,
  useOperatoreDisponibilitaQuery,
  useSaveOperatoreDisponibilitaMutation,
} from "../../../api/anagrafiche/operatori.endpoints";
import { ChildTable, type RowValues } from "../../../components/child-table";
import { SERVER_MESSAGE_WORDING, saveFailure } from "../../../components/form";
import { formatDateTime } from "../../../domain/format";
import { toRomeWallClock } from "../../../domain/instant";
import { GIORNI_SETTIMANA, validateIndisponibilita } from "../../../domain/operatore";
import { notify } from "../../../lib/toaster";
import { childTexts } from "../common/child-texts";
import { MSG } from "../common/messages";
import { useOperatoreTab } from "./use-operatore-tab";

/** The server's instant → the value of a date-time field: the wall clock in Rome ('YYYY-MM-DDTHH:mm'). */
const toLocalInput = (v: unknown) => toRomeWallClock(v ? String(v) : null);
/**
 * The field's value goes as it is ('YYYY-MM-DDTHH:mm'): the server reads it as Rome time, whatever
 * the browser's time zone (src/domain/instant.ts); an impossible date is refused by the validator.
 * An edit sends only what changed: a bound not named is not sent.
 */
const toData = (values: RowValues) => {
  const data = { ...values };
  for (const key of ["dal", "al"] as const) if (key in data) data[key] = data[key] ? String(data[key]) : null;
  return data;
};

function DisponibilitaSettimanale({ id }: { id: number }) {
  const { data } = useOperatoreDisponibilitaQuery(id);
  const [save] = useSaveOperatoreDisponibilitaMutation();
  if (!data) return null;
  const initialValues = Object.fromEntries(data.map((g) => [`g${g.giorno}`, g.disponibile]));
  return (
    <Form
      initialValues={initialValues}
      onSubmit={async (values) => {
        try {
          await save({
            id,
            data: [1, 2, 3, 4, 5, 6, 7].map((g) => ({ giorno: g, disponibile: Boolean(values[`g${g}`]) })),
          }).unwrap();
          notify.success(MSG.saved);
        } catch (e) {
          saveFailure(e, SERVER_MESSAGE_WORDING);
        }
      }}
    >
      {({ handleSubmit, values, form, submitting, pristine }) => (
        <form onSubmit={handleSubmit} aria-label="Disponibilità settimanale">
          <Heading size="md" mb="2">
            Disponibilità settimanale
          </Heading>
          <HStack wrap="wrap" gap="4" mb="3">
            {GIORNI_SETTIMANA.map((day, i) => (
              <Switch.Root
                key={day}
                checked={Boolean(values[`g${i + 1}`])}
                onCheckedChange={(d) => form.change(`g${i + 1}`, d.checked === true)}
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>{day}</Switch.Label>
              </Switch.Root>
            ))}
          </HStack>
          <Button type="submit" size="sm" loading={submitting} disabled={pristine}>
            Salva disponibilità
          </Button>
        </form>
      )}
    </Form>
  );
}

export function IndisponibilitaTab({ id }: { id: number }) {
  const periodi = useOperatoreTab(id, "indisponibilita", toData);
  return (
    <Stack gap="6">
      <ChildTable<TabItem>
        label="Periodi di indisponibilità"
        {...periodi}
        {...childTexts("periodo")}
        form={{
          placement: "dialog",
          titles: { add: "Nuovo periodo", edit: "Modifica periodo" },
          validate: validateIndisponibilita,
          toValues: (i) => (i ? { ...i, dal: toLocalInput(i.dal), al: toLocalInput(i.al) } : {}),
          fields: [
            { name: "dal", label: "Dal", kind: "datetime", required: true },
            { name: "al", label: "Al", kind: "datetime", required: true },
            { name: "motivo", label: "Motivo" },
            { name: "note", label: "Note", kind: "textarea" },
          ],
        }}
        columns={[
          { header: "Dal", render: (i) => formatDateTime(toLocalInput(i.dal)) },
          { header: "Al", render: (i) => formatDateTime(toLocalInput(i.al)) },
          { header: "Motivo", render: (i) => String(i.motivo || "—") },
          { header: "Note", render: (i) => <Text lineClamp={1}>{String(i.note || "")}</Text> },
        ]}
      />
      <Box>
        <DisponibilitaSettimanale id={id} />
      </Box>
    </Stack>
  );
}
