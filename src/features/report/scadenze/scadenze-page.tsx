/**
 * /report/scadenze-corsi and /report/scadenze-documenti: courses or documents expiring in the next
 * 30 days or already expired (by default), per operator and type, with the shifts the operator is
 * on after the expiry — the planner's problem, in red.
 */

import { Badge, Box, Heading } from "@chakra-ui/react";
import { addDays, format } from "date-fns";
import { useNavigate } from "react-router-dom";
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { Scadenza } from "../../../domain/contracts/report/scadenze";
import { GIORNI_IN_SCADENZA, STATO_SCADENZA_LABELS, TIPI_CORSO, TIPI_DOCUMENTO } from "../../../domain/documenti";
import { formatDate } from "../../../domain/format";

type Row = Scadenza & Record<string, unknown>;

const COLORE = { scaduto: "red", in_scadenza: "orange", valido: "green" } as const;

const COLUMNS: DataTableColumn<Row>[] = [
  { key: "operatore", name: "Operatore", sortable: true, groupable: true, width: 200 },
  { key: "tipo_descrizione", name: "Tipo", sortable: true, groupable: true, width: 260 },
  { key: "data_scadenza", name: "Scadenza", format: "date", sortable: true },
  {
    key: "stato",
    name: "Stato",
    groupable: true,
    render: (r) => <Badge colorPalette={COLORE[r.stato]}>{STATO_SCADENZA_LABELS[r.stato]}</Badge>,
  },
  { key: "giorni_alla_scadenza", name: "Giorni alla scadenza", format: "integer", sortable: true },
  {
    key: "turni_dopo_scadenza",
    name: "Turni dopo la scadenza",
    sortable: true,
    render: (r) =>
      r.turni_dopo_scadenza > 0 ? (
        <Badge colorPalette="red">{`${r.turni_dopo_scadenza} dal ${formatDate(r.primo_turno_dopo)}`}</Badge>
      ) : (
        "Nessuno"
      ),
  },
];

function ScadenzePage({
  title,
  listId,
  tipi,
}: {
  title: string;
  listId: string;
  tipi: readonly { code: string; label: string }[];
}) {
  const navigate = useNavigate();
  const entro = format(addDays(new Date(), GIORNI_IN_SCADENZA), "yyyy-MM-dd");
  return (
    <Box p="4">
      <Heading size="lg" mb="3">
        {title}
      </Heading>
      <ListScreen<Row>
        listId={listId}
        // A row opens the operator's Documenti e corsi (issue 32 item 4).
        onRowOpen={(r) => navigate(`/anagrafiche/operatori/${r.operatore_id}/documenti-corsi`)}
        path={`report/${listId}/`}
        aria-label={title}
        defaults={{ filters: { entro }, sort: { field: "data_scadenza", asc: true }, autoload: true }}
        filters={[
          { type: "global", label: "Ricerca" },
          { type: "date", name: "entro", label: "In scadenza entro il" },
          { type: "date-range", name: "scadenza", label: "Scadenza" },
          {
            type: "select",
            name: "stato",
            label: "Stato",
            options: Object.entries(STATO_SCADENZA_LABELS).map(([value, label]) => ({ value, label })),
          },
          {
            type: "select",
            name: "tipo",
            label: "Tipo",
            options: tipi.map((t) => ({ value: t.code, label: t.label })),
          },
          { type: "switch", name: "con_turni", label: "Solo con turni dopo la scadenza" },
        ]}
        columns={COLUMNS}
      />
    </Box>
  );
}

export function ScadenzeCorsiPage() {
  return <ScadenzePage title="Scadenze corsi" listId="scadenze-corsi" tipi={TIPI_CORSO} />;
}

export function ScadenzeDocumentiPage() {
  return <ScadenzePage title="Scadenze documenti" listId="scadenze-documenti" tipi={TIPI_DOCUMENTO} />;
}
