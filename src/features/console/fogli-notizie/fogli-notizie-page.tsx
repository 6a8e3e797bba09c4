/**
 * /console/fogli-notizie: the daily sheets for the Questura (DM 269/2010, Allegato D). The list
 * (GET /api/comunicazioni/fogli-notizie/: newest day first; day, province, issue, facts, who made it,
 * downloads and the last one); "Scarica" on a row (each download recorded); "Genera" for a day — one
 * click, the sheets of that day for every province, a new issue where one exists; the licence and the
 * provinces that get a sheet every day.
 */

import { Box, Button, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Form } from "react-final-form";
import { useDispatch } from "react-redux";
import { api, errorMessage } from "../../../api/base";
import {
  type FogliImpostazioni,
  useAggiornaFogliNotizieImpostazioniMutation,
  useFogliNotizieImpostazioniQuery,
  useGeneraFoglioNotizieMutation,
} from "../../../api/console/fogli-notizie.endpoints";
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { FilterField } from "../../../components/filter-bar/filter-bar.types";
import { DateField, requestErrorText, saveFailure, TextField } from "../../../components/form";
import { callUrl } from "../../../domain/contracts/calls";
import { fogliNotizieCalls as calls } from "../../../domain/contracts/console/fogli-notizie/calls";
import { formatDate } from "../../../domain/format";
import { instantToRome } from "../../../domain/shift-rules";
import { downloadFile } from "../../../lib/download";
import { notify } from "../../../lib/toaster";

type Row = Record<string, unknown>;

const FILTERS: FilterField[] = [
  { type: "text", name: "provincia", label: "Provincia" },
  { type: "date-range", name: "periodo", label: "Periodo" },
];

function Scarica({ row }: { row: Row }) {
  const dispatch = useDispatch();
  return (
    <Button
      size="xs"
      variant="outline"
      onClick={() =>
        downloadFile(
          callUrl(calls.foglioNotiziePdf, Number(row.id)),
          `foglio-notizie-${row.giorno}-${row.provincia}-${row.emissione}.pdf`,
        ).then(
          () => dispatch(api.util.invalidateTags(["List"])),
          (err: unknown) => notify.error(requestErrorText(errorMessage(err))),
        )
      }
    >
      Scarica PDF
    </Button>
  );
}

const COLUMNS: DataTableColumn<Row>[] = [
  { key: "giorno", name: "Giorno", sortable: true, render: (r) => formatDate(String(r.giorno)) },
  { key: "provincia", name: "Provincia", sortable: true, groupable: true, render: (r) => String(r.provincia || "—") },
  { key: "emissione", name: "Emissione", sortable: true },
  { key: "fatti", name: "Fatti", sortable: true, render: (r) => (r.fatti ? String(r.fatti) : "Nulla da segnalare") },
  { key: "pdf", name: "PDF", render: (r) => <Scarica row={r} /> },
  { key: "generato_il", name: "Generato il", sortable: true, format: "datetime" },
  { key: "generato_da", name: "Generato da", sortable: true },
  { key: "scaricato", name: "Download", sortable: true },
  { key: "ultimo_download", name: "Ultimo download" },
];

const ieri = () => {
  const { day } = instantToRome(Date.now() - 86_400_000);
  return day;
};

/** "Genera": the sheets of a day, now. */
function Genera() {
  const [genera] = useGeneraFoglioNotizieMutation();
  return (
    <Form<{ giorno: string }>
      initialValues={{ giorno: ieri() }}
      onSubmit={async ({ giorno }) => {
        try {
          const r = await genera({ data: { giorno } }).unwrap();
          const fatti = r.results.reduce((n, f) => n + f.fatti, 0);
          notify.success(
            `${r.results.length === 1 ? "Generato 1 foglio" : `Generati ${r.results.length} fogli`} del ${formatDate(giorno)}: ${
              fatti ? `${fatti} fatti` : "nulla da segnalare"
            }`,
          );
          return undefined;
        } catch (err) {
          return saveFailure(err);
        }
      }}
    >
      {({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Genera foglio notizie">
          <HStack align="end" wrap="wrap">
            <Box w="220px">
              <DateField name="giorno" label="Giorno" required />
            </Box>
            <Button type="submit" loading={submitting} mb="1">
              Genera il foglio del giorno
            </Button>
          </HStack>
        </form>
      )}
    </Form>
  );
}

/** The licence of the heading and the provinces that get a sheet every day. */
function Impostazioni({ data }: { data: FogliImpostazioni }) {
  const [salva] = useAggiornaFogliNotizieImpostazioniMutation();
  return (
    <Form<{ licenza: string; province: string }>
      initialValues={{ licenza: data.licenza, province: data.province.join(", ") }}
      onSubmit={async (v) => {
        const province = (v.province ?? "")
          .split(/[\s,;]+/)
          .map((p) => p.trim().toUpperCase())
          .filter(Boolean);
        try {
          await salva({ data: { licenza: v.licenza ?? "", province } }).unwrap();
          notify.success("Impostazioni salvate");
          return undefined;
        } catch (err) {
          return saveFailure(err);
        }
      }}
    >
      {({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Impostazioni del foglio notizie">
          <Stack gap="2" maxW="640px">
            <TextField name="licenza" label="Licenza prefettizia (intestazione)" />
            <TextField
              name="province"
              label="Province che ricevono il foglio ogni giorno (sigle)"
              helperText={`Vuoto: la provincia dell'azienda (${data.provincia_azienda || "non impostata"}). Un giorno senza fatti dà il foglio «Nulla da segnalare».`}
            />
            <HStack>
              <Button type="submit" loading={submitting}>
                Salva
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </Form>
  );
}

export function FogliNotiziePage() {
  const impostazioni = useFogliNotizieImpostazioniQuery();
  const [mostra, setMostra] = useState(false);
  return (
    <Stack p="4" gap="3">
      <Heading size="lg">Foglio notizie</Heading>
      <Text color="fg.muted">
        Ogni giorno, dopo la mezzanotte, il foglio del giorno precedente è generato per ogni provincia con i fatti
        segnati rilevanti nelle relazioni di servizio. {impostazioni.data?.denominazione}
      </Text>
      <Box>
        <Genera />
      </Box>
      <Box>
        <Button size="sm" variant="ghost" onClick={() => setMostra((m) => !m)} aria-expanded={mostra}>
          {mostra ? "Nascondi le impostazioni" : "Licenza e province"}
        </Button>
        {mostra && impostazioni.data && <Impostazioni data={impostazioni.data} />}
      </Box>
      <ListScreen
        listId="fogli-notizie"
        path={calls.fogliNotizieList.path}
        defaults={{ autoload: true }}
        filters={FILTERS}
        columns={COLUMNS}
        aria-label="Fogli notizie"
      />
    </Stack>
  );
}
