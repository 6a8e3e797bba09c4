/**
 * One anomaly: what the server saw (kind, measure, when), the shift and the guard's check-ins, and
 * its handling — state and notes; whoever saves them handled it. Opening it marks it read (once) and
 * reloads the header's notifications, so it leaves the 'Problemi' popup and the alert's count.
 */
import { Box, Button, Link as ChakraLink, Heading, HStack, Spinner, Stack, Table, Text } from "@chakra-ui/react";
import { Form } from "react-final-form";
import { Link } from "react-router-dom";
import {
  useAggiornaAnomaliaMutation,
  useAnomaliaQuery,
  useSegnaAnomaliaLettaMutation,
} from "../../../api/console/anomalie.endpoints";
import { SAVED_TEXT, SelectField, saveFailure, TextareaField } from "../../../components/form";
import { RecordError } from "../../../components/record-error";
import {
  ANOMALIA_STATO_LABEL,
  ANOMALIA_TIPO_LABEL,
  type Anomalia,
} from "../../../domain/contracts/console/anomalie/schemas";
import { formatDate, formatDateTime } from "../../../domain/format";
import { notify } from "../../../lib/toaster";
import { useMarkReadOnOpen } from "../common/use-mark-read";

const STATI = Object.entries(ANOMALIA_STATO_LABEL).map(([value, label]) => ({ value, label }));

function Timbrature({ anomalia }: { anomalia: Anomalia }) {
  if (anomalia.timbrature.length === 0) return <Text color="fg.muted">Nessuna timbratura</Text>;
  return (
    <Table.Root size="sm" maxW="600px" aria-label="Timbrature">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Tipo</Table.ColumnHeader>
          <Table.ColumnHeader>Data e ora</Table.ColumnHeader>
          <Table.ColumnHeader>Distanza (m)</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {anomalia.timbrature.map((t) => (
          <Table.Row key={`${t.tipo}-${t.data_ora}`}>
            <Table.Cell>{t.tipo === "ingresso" ? "Ingresso" : "Uscita"}</Table.Cell>
            <Table.Cell>
              {formatDateTime(t.data_ora)}
              {t.sincronizzata_tardi ? " (sincronizzata in ritardo)" : ""}
            </Table.Cell>
            <Table.Cell>{t.distanza_m ?? "—"}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function Handling({ anomalia }: { anomalia: Anomalia }) {
  const [aggiorna] = useAggiornaAnomaliaMutation();
  const initial = { stato: anomalia.stato, note: anomalia.note };
  return (
    <Form<typeof initial>
      initialValues={initial}
      onSubmit={async (values) => {
        const data: { stato?: Anomalia["stato"]; note?: string } = {};
        if (values.stato !== initial.stato) data.stato = values.stato;
        if ((values.note ?? "") !== initial.note) data.note = values.note ?? "";
        try {
          await aggiorna({ id: anomalia.id, data }).unwrap();
          notify.success(SAVED_TEXT);
          return undefined;
        } catch (err) {
          return saveFailure(err);
        }
      }}
    >
      {({ handleSubmit, submitting, pristine }) => (
        <form onSubmit={handleSubmit} aria-label="Gestione">
          <Stack gap="2" maxW="500px">
            <SelectField name="stato" label="Stato" options={STATI} blank={false} />
            <TextareaField name="note" label="Note" rows={3} />
            <HStack>
              <Button type="submit" loading={submitting} disabled={pristine}>
                Salva
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </Form>
  );
}

export function AnomaliaDetail({ id }: { id: number }) {
  const { data: anomalia, error, isLoading } = useAnomaliaQuery(id);
  const [segna] = useSegnaAnomaliaLettaMutation();
  useMarkReadOnOpen(anomalia?.id, anomalia !== undefined && anomalia.letta_il === null, segna);
  return (
    <Stack p="4" gap="4">
      <ChakraLink asChild>
        <Link to="/console/anomalie">← Tutte le anomalie</Link>
      </ChakraLink>
      {isLoading && <Spinner aria-label="Caricamento" />}
      {error && <RecordError error={error} />}
      {anomalia && (
        <>
          <Stack gap="1">
            <Heading size="lg">{ANOMALIA_TIPO_LABEL[anomalia.tipo]}</Heading>
            <Text>
              {anomalia.operatore.full_name} — {anomalia.descrizione}
            </Text>
            <Text color="fg.muted">
              {formatDateTime(anomalia.data_ora)} — rilevata il {formatDateTime(anomalia.rilevata_il)} —{" "}
              {ANOMALIA_STATO_LABEL[anomalia.stato]}
            </Text>
          </Stack>
          <Stack gap="1">
            <Heading size="md">Turno</Heading>
            <Box>
              <Text>
                {anomalia.turno.cliente} — {anomalia.turno.servizio}
              </Text>
              <Text color="fg.muted">
                {formatDate(anomalia.turno.giorno)}, {anomalia.turno.inizio.slice(0, 5)}–
                {anomalia.turno.fine.slice(0, 5)}
              </Text>
              <ChakraLink asChild>
                <Link
                  to={`/pianificazione/contratti/${anomalia.turno.contratto_id}/servizi/${anomalia.turno.servizio_id}`}
                >
                  Apri il servizio
                </Link>
              </ChakraLink>
            </Box>
          </Stack>
          <Stack gap="2">
            <Heading size="md">Timbrature</Heading>
            <Timbrature anomalia={anomalia} />
          </Stack>
          <Stack gap="2">
            <Heading size="md">Gestione</Heading>
            {anomalia.gestita_da && (
              <Text color="fg.muted">
                Gestita da {anomalia.gestita_da.full_name}
                {anomalia.gestita_il ? ` il ${formatDateTime(anomalia.gestita_il)}` : ""}
              </Text>
            )}
            <Handling key={`${anomalia.stato}-${anomalia.note}`} anomalia={anomalia} />
          </Stack>
        </>
      )}
    </Stack>
  );
}
