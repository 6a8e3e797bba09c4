/**
 * One support ticket: who sent it and when, its text, the conversation (the guard's messages and
 * the office's replies), the reply box, state and assignee. Opening it marks it read (once) and
 * reloads the header's notifications, so it leaves the 'Problemi' popup and the counts.
 */

import { Box, Button, Link as ChakraLink, Heading, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { Form } from "react-final-form";
import { Link } from "react-router-dom";
import { errorMessage } from "../../../api/base";
import {
  useAggiornaTicketMutation,
  useAssegnatariQuery,
  useRispondiTicketMutation,
  useSegnaTicketLettoMutation,
  useTicketQuery,
} from "../../../api/console/ticket-supporto.endpoints";
import { requestErrorText, SAVED_TEXT, SelectField, saveFailure, TextareaField } from "../../../components/form";
import { RecordError } from "../../../components/record-error";
import { callUrl } from "../../../domain/contracts/calls";
import { ticketSupportoCalls as calls } from "../../../domain/contracts/console/ticket-supporto/calls";
import {
  TICKET_STATO_LABEL,
  TICKET_TIPO_LABEL,
  type Ticket,
} from "../../../domain/contracts/console/ticket-supporto/schemas";
import { formatDateTime } from "../../../domain/format";
import { downloadFile } from "../../../lib/download";
import { notify } from "../../../lib/toaster";
import { useMarkReadOnOpen } from "../common/use-mark-read";

const STATI = Object.entries(TICKET_STATO_LABEL).map(([value, label]) => ({ value, label }));

function Conversation({ ticket }: { ticket: Ticket }) {
  if (ticket.messaggi.length === 0) return <Text color="fg.muted">Nessuna risposta</Text>;
  return (
    <Stack as="ul" listStyleType="none" m="0" p="0" gap="2" aria-label="Conversazione">
      {ticket.messaggi.map((m) => (
        <Box
          as="li"
          key={m.id}
          p="2"
          borderWidth="1px"
          borderRadius="md"
          bg={m.autore === "ufficio" ? "blue.50" : undefined}
        >
          <Text fontSize="sm" color="fg.muted">
            {m.nome} ({m.autore === "ufficio" ? "ufficio" : "operatore"}) — {formatDateTime(m.data_ora)}
          </Text>
          <Text whiteSpace="pre-wrap">{m.testo}</Text>
        </Box>
      ))}
    </Stack>
  );
}

function Reply({ ticket }: { ticket: Ticket }) {
  const [rispondi] = useRispondiTicketMutation();
  return (
    <Form<{ testo?: string }>
      onSubmit={async (values, form) => {
        try {
          await rispondi({ id: ticket.id, data: { testo: values.testo ?? "" } }).unwrap();
          notify.success("Risposta inviata");
          setTimeout(() => form.restart());
          return undefined;
        } catch (err) {
          return saveFailure(err);
        }
      }}
    >
      {({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} aria-label="Risposta">
          <Stack gap="2">
            <TextareaField name="testo" label="Risposta all'operatore" rows={3} />
            <HStack>
              <Button type="submit" loading={submitting}>
                Invia risposta
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </Form>
  );
}

function Handling({ ticket }: { ticket: Ticket }) {
  const [aggiorna] = useAggiornaTicketMutation();
  const people = useAssegnatariQuery();
  const options = (people.data ?? []).map((p) => ({ value: String(p.id), label: p.full_name }));
  const initial = { stato: ticket.stato, assegnato_a: ticket.assegnato_a ? String(ticket.assegnato_a.id) : "" };
  return (
    <Form<typeof initial>
      initialValues={initial}
      onSubmit={async (values) => {
        const data: { stato?: Ticket["stato"]; assegnato_a?: number | null } = {};
        if (values.stato !== initial.stato) data.stato = values.stato;
        if ((values.assegnato_a ?? "") !== initial.assegnato_a)
          data.assegnato_a = values.assegnato_a ? Number(values.assegnato_a) : null;
        try {
          await aggiorna({ id: ticket.id, data }).unwrap();
          notify.success(SAVED_TEXT);
          return undefined;
        } catch (err) {
          return saveFailure(err);
        }
      }}
    >
      {({ handleSubmit, submitting, pristine }) => (
        <form onSubmit={handleSubmit} aria-label="Gestione">
          <Stack gap="2" maxW="350px">
            <SelectField name="stato" label="Stato" options={STATI} blank={false} />
            <SelectField name="assegnato_a" label="Assegnato a" options={options} blank="Nessuno" />
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

export function TicketDetail({ id }: { id: number }) {
  const { data: ticket, error, isLoading } = useTicketQuery(id);
  const [segna] = useSegnaTicketLettoMutation();
  useMarkReadOnOpen(ticket?.id, ticket !== undefined && ticket.letto_il === null, segna);
  return (
    <Stack p="4" gap="4">
      <ChakraLink asChild>
        <Link to="/console/ticket-supporto">← Tutti i ticket</Link>
      </ChakraLink>
      {isLoading && <Spinner aria-label="Caricamento" />}
      {error && <RecordError error={error} />}
      {ticket && (
        <>
          <Stack gap="1">
            <Heading size="lg">{ticket.oggetto || `Ticket ${ticket.id}`}</Heading>
            <Text color="fg.muted">
              {TICKET_TIPO_LABEL[ticket.tipo]} di {ticket.operatore.full_name} — {formatDateTime(ticket.data_ora)} —{" "}
              {TICKET_STATO_LABEL[ticket.stato]}
            </Text>
            <Text whiteSpace="pre-wrap">{ticket.testo}</Text>
            {ticket.foto && (
              <HStack>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    downloadFile(callUrl(calls.ticketFoto, ticket.id), `ticket-${ticket.id}-foto`).catch(
                      (err: unknown) => notify.error(requestErrorText(errorMessage(err))),
                    )
                  }
                >
                  Scarica la foto
                </Button>
              </HStack>
            )}
          </Stack>
          <Stack gap="2">
            <Heading size="md">Conversazione</Heading>
            <Conversation ticket={ticket} />
            <Reply ticket={ticket} />
          </Stack>
          <Stack gap="2">
            <Heading size="md">Gestione</Heading>
            <Handling key={`${ticket.stato}-${ticket.assegnato_a?.id ?? ""}`} ticket={ticket} />
          </Stack>
        </>
      )}
    </Stack>
  );
}
