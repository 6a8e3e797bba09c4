/**
 * One company communication: its text, attachment and recipients — delivered (the app received it),
 * read (the guard confirmed) and when, the reminders — and 'Invia promemoria' to those who have
 * not read, after a confirmation.
 */

import { Badge, Button, Link as ChakraLink, Heading, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { errorMessage } from "../../../api/base";
import {
  useComunicazioneQuery,
  useInviaPromemoriaMutation,
} from "../../../api/console/comunicazioni-azienda.endpoints";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { FilterField } from "../../../components/filter-bar/filter-bar.types";
import { requestErrorText } from "../../../components/form";
import { RecordError } from "../../../components/record-error";
import { callUrl, fillPath } from "../../../domain/contracts/calls";
import { comunicazioniAziendaCalls as calls } from "../../../domain/contracts/console/comunicazioni-azienda/calls";
import { COMUNICAZIONE_DESTINATARI_LABEL } from "../../../domain/contracts/console/comunicazioni-azienda/schemas";
import { formatDateTime } from "../../../domain/format";
import { downloadFile } from "../../../lib/download";
import { notify } from "../../../lib/toaster";

const when = (v: string | null) => (v ? formatDateTime(v) : "—");

type Row = Record<string, unknown>;
const at = (v: unknown) => when((v as string | null) ?? null);

const FILTERS: FilterField[] = [
  { type: "global", label: "Ricerca" },
  {
    type: "select",
    name: "letta",
    label: "Lettura",
    options: [
      { value: "false", label: "Non letta" },
      { value: "true", label: "Letta" },
    ],
  },
];

const COLUMNS: DataTableColumn<Row>[] = [
  { key: "operatore", name: "Operatore", sortable: true },
  {
    key: "letta",
    name: "Stato",
    sortable: true,
    render: (d) =>
      d.letta_il ? (
        <Badge colorPalette="green">Letta</Badge>
      ) : d.consegnata_il ? (
        <Badge colorPalette="orange">Consegnata</Badge>
      ) : (
        <Badge colorPalette="gray">Non consegnata</Badge>
      ),
  },
  { key: "consegnata_il", name: "Consegnata il", sortable: true, render: (d) => at(d.consegnata_il) },
  { key: "letta_il", name: "Letta il", sortable: true, render: (d) => at(d.letta_il) },
  {
    key: "promemoria",
    name: "Promemoria",
    sortable: true,
    render: (d) => (d.promemoria ? `${d.promemoria} (ultimo ${at(d.promemoria_il)})` : "—"),
  },
];

/** The recipients, paged (a message to everyone has thousands): GET …/:id/destinatari/. */
function Destinatari({ id }: { id: number }) {
  return (
    <ListScreen
      listId="comunicazione-destinatari"
      path={fillPath(calls.destinatariList.path, { id })}
      urlPrefix="d_"
      defaults={{ autoload: true }}
      filters={FILTERS}
      columns={COLUMNS}
      aria-label="Destinatari"
    />
  );
}

export function ComunicazioneDetail({ id }: { id: number }) {
  const { data: c, error, isLoading } = useComunicazioneQuery(id);
  const [promemoria, { isLoading: sending }] = useInviaPromemoriaMutation();
  const [confirm, setConfirm] = useState(false);
  const nonLette = c ? c.totali.destinatari - c.totali.lette : 0;
  return (
    <Stack p="4" gap="4">
      <ChakraLink asChild>
        <Link to="/console/comunicazioni-azienda">← Tutte le comunicazioni</Link>
      </ChakraLink>
      {isLoading && <Spinner aria-label="Caricamento" />}
      {error && <RecordError error={error} />}
      {c && (
        <>
          <Stack gap="1">
            <Heading size="lg">{c.oggetto}</Heading>
            <Text color="fg.muted">
              Inviata il {formatDateTime(c.inviata_il)}
              {c.inviata_da ? ` da ${c.inviata_da.full_name}` : ""} — {COMUNICAZIONE_DESTINATARI_LABEL[c.destinatari]}
              {c.posizione ? `: ${c.posizione.descrizione}` : ""}
            </Text>
            <Text whiteSpace="pre-wrap">{c.testo}</Text>
            {c.allegato && (
              <HStack>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    downloadFile(callUrl(calls.comunicazioneAllegato, c.id), c.allegato?.nome ?? "allegato").catch(
                      (err: unknown) => notify.error(requestErrorText(errorMessage(err))),
                    )
                  }
                >
                  Scarica l'allegato ({c.allegato.nome})
                </Button>
              </HStack>
            )}
          </Stack>
          <Stack gap="2">
            <HStack justify="space-between">
              <Heading size="md">
                Destinatari: {c.totali.destinatari}, consegnate {c.totali.consegnate}, lette {c.totali.lette}
              </Heading>
              <Button size="sm" disabled={nonLette === 0} onClick={() => setConfirm(true)}>
                Invia promemoria
              </Button>
            </HStack>
            {c.promemoria_il && <Text color="fg.muted">Ultimo promemoria il {formatDateTime(c.promemoria_il)}</Text>}
            <Destinatari id={c.id} />
          </Stack>
          <ConfirmDialog
            open={confirm}
            title="Invia promemoria"
            question={`Inviare un promemoria ai ${nonLette} operatori che non hanno letto la comunicazione?`}
            confirmLabel="Invia"
            loading={sending}
            onClose={() => setConfirm(false)}
            onConfirm={async () => {
              try {
                const r = await promemoria(c.id).unwrap();
                notify.success(`Promemoria inviato a ${r.destinatari} operatori`);
              } catch (err) {
                notify.error(requestErrorText(errorMessage(err)));
              }
              setConfirm(false);
            }}
          />
        </>
      )}
    </Stack>
  );
}
