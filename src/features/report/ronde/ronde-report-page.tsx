/**
 * /report/ronde (issue 34 item 4): every round with its state, times and points, per client,
 * service and period, on the list engine (filters in the URL, group-by, export); each row gives
 * the client's PDF of its night at its site.
 */

import { Badge, Box, Button, Heading } from "@chakra-ui/react";
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import { callUrl } from "../../../domain/contracts/calls";
import {
  RONDA_STATI,
  RONDA_STATO_LABEL,
  type RondaStato,
} from "../../../domain/contracts/pianificazione/ronde/schemas";
import { rondeReportCalls } from "../../../domain/contracts/report/ronde/calls";
import type { RondaReportRow } from "../../../domain/contracts/report/ronde/schemas";
import { addDays } from "../../../domain/shift-rules";
import { downloadFile } from "../../../lib/download";
import { notify } from "../../../lib/toaster";
import { meseFinoAOggi } from "../common/periodo";

type Row = RondaReportRow & Record<string, unknown>;

const COLORE: Record<RondaStato, string> = {
  prevista: "gray",
  in_corso: "blue",
  completata: "green",
  in_ritardo: "orange",
  incompleta: "red",
  non_eseguita: "red",
};

/** The night a round belongs to: its day, or the day before when it is due before noon. */
export const notteDi = (previsto: string) =>
  Number(previsto.slice(11, 13)) < 12 ? addDays(previsto.slice(0, 10), -1) : previsto.slice(0, 10);

function scaricaNotte(r: Row) {
  const giorno = notteDi(r.previsto_il);
  const url = `${callUrl(rondeReportCalls.rondeNottePdf)}?servizio=${r.servizio_id}&giorno=${giorno}`;
  downloadFile(url, `ronde-servizio-${r.servizio_id}-${giorno}.pdf`).catch(() =>
    notify.error("Impossibile scaricare il PDF della notte"),
  );
}

const COLUMNS: DataTableColumn<Row>[] = [
  { key: "previsto_il", name: "Prevista", format: "datetime", sortable: true },
  {
    key: "notte",
    name: "Notte (PDF)",
    render: (r) => (
      <Button size="xs" variant="outline" onClick={() => scaricaNotte(r)}>
        PDF della notte
      </Button>
    ),
  },
  { key: "cliente", name: "Cliente", groupable: true, width: 200 },
  { key: "servizio", name: "Servizio", groupable: true, width: 200 },
  { key: "piano", name: "Piano", groupable: true },
  {
    key: "stato",
    name: "Stato",
    groupable: true,
    render: (r) => (
      <Badge colorPalette={COLORE[r.stato as RondaStato] ?? "gray"}>
        {RONDA_STATO_LABEL[r.stato as RondaStato] ?? r.stato}
      </Badge>
    ),
  },
  { key: "operatore", name: "Guardia", groupable: true },
  { key: "iniziata_il", name: "Iniziata", format: "datetime" },
  { key: "finita_il", name: "Finita", format: "datetime" },
  { key: "punti_fatti", name: "Punti fatti", format: "integer" },
  { key: "punti", name: "Punti", format: "integer" },
  { key: "punti_mancanti", name: "Punti mancati", width: 220 },
  { key: "segnalati", name: "Segnalati", format: "integer" },
];

export function RondeReportPage() {
  return (
    <Box p="4">
      <Heading size="lg" mb="3">
        Ronde
      </Heading>
      <ListScreen<Row>
        listId="report-ronde"
        path={rondeReportCalls.rondeReport.path}
        aria-label="Ronde"
        // The month so far: the rounds walked or missed, newest first (not the ones still to come).
        defaults={{ filters: meseFinoAOggi(), sort: { field: "previsto_il", asc: false }, autoload: true }}
        filters={[
          { type: "global", label: "Ricerca" },
          { type: "text", name: "cliente", label: "Cliente" },
          { type: "text", name: "servizio", label: "Servizio" },
          {
            type: "select",
            name: "stato",
            label: "Stato",
            multiple: true,
            options: RONDA_STATI.map((s) => ({ value: s, label: RONDA_STATO_LABEL[s] })),
          },
          { type: "date-range", name: "periodo", label: "Periodo" },
        ]}
        columns={COLUMNS}
      />
    </Box>
  );
}
