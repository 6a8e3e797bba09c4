/** /report/pratiche (administrators): the operators' pratiche with type, state, opening and closing. */

import { Badge, Box, Heading } from "@chakra-ui/react";
import { useNavigate } from "react-router-dom";
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { Pratica } from "../../../domain/contracts/report/pratiche";
import { STATI_PRATICA, TIPI_PRATICA } from "../../../domain/operatore";

type Row = Pratica & Record<string, unknown>;

const COLORE: Record<string, string> = { aperta: "blue", in_corso: "orange", sospesa: "gray", chiusa: "green" };

const COLUMNS: DataTableColumn<Row>[] = [
  { key: "operatore", name: "Operatore", sortable: true, groupable: true, width: 200 },
  { key: "tipo_descrizione", name: "Tipo", sortable: true, groupable: true, width: 220 },
  {
    key: "stato_descrizione",
    name: "Stato",
    sortable: true,
    groupable: true,
    render: (r) => <Badge colorPalette={COLORE[r.stato] ?? "gray"}>{r.stato_descrizione}</Badge>,
  },
  { key: "data_apertura", name: "Aperta il", format: "date", sortable: true },
  { key: "data_chiusura", name: "Chiusa il", format: "date", sortable: true },
  { key: "giorni", name: "Giorni", format: "integer", sortable: true },
  { key: "note", name: "Note", width: 300 },
];

export function PratichePage() {
  const navigate = useNavigate();
  return (
    <Box p="4">
      <Heading size="lg" mb="3">
        Pratiche
      </Heading>
      <ListScreen<Row>
        listId="pratiche"
        // A row opens the operator's Contratti e pratiche (issue 32 item 4).
        onRowOpen={(r) => navigate(`/anagrafiche/operatori/${r.operatore_id}/contratti-pratiche`)}
        path="report/pratiche/"
        aria-label="Pratiche"
        defaults={{ sort: { field: "data_apertura", asc: false }, autoload: true }}
        filters={[
          { type: "global", label: "Ricerca" },
          {
            type: "select",
            name: "stato",
            label: "Stato",
            multiple: true,
            options: STATI_PRATICA.map((s) => ({ value: s.code, label: s.label })),
          },
          {
            type: "select",
            name: "tipo",
            label: "Tipo",
            multiple: true,
            options: TIPI_PRATICA.map((s) => ({ value: s.code, label: s.label })),
          },
          { type: "date-range", name: "apertura", label: "Aperta tra" },
        ]}
        columns={COLUMNS}
      />
    </Box>
  );
}
