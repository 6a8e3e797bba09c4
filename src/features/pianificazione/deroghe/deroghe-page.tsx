/**
 * /pianificazione/deroghe: the report of derogations (issue 15 item 2) — every assignment made over
 * a working-time limit or an expired course, with who authorised it and why; newest first,
 * searchable and exportable.
 */

import { Box, Heading } from "@chakra-ui/react";
import { useNavigate } from "react-router-dom";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { FilterField } from "../../../components/filter-bar/filter-bar.types";
import type { Deroga } from "../../../domain/contracts/pianificazione/deroghe";
import { gridOfRow } from "../common/grid-url";

type DerogaRow = Deroga & Record<string, unknown>;

const FILTERS: FilterField[] = [{ type: "global", label: "Ricerca" }];

export function DeroghePage() {
  const navigate = useNavigate();
  return (
    <Box p="4">
      <Heading size="lg" mb="3">
        Deroghe
      </Heading>
      <ListScreen<DerogaRow>
        listId="deroghe"
        // A row opens its shift's service grid at that month (issue 32 item 4), while the shift is planned.
        onRowOpen={(r) => {
          const url = gridOfRow(r);
          if (url) navigate(url);
        }}
        path="pianificazione/deroghe/"
        defaults={{ sort: { field: "creata_il", asc: false }, autoload: true }}
        filters={FILTERS}
        exportable
        columns={[
          { key: "creata_il", name: "Data deroga", format: "datetime", sortable: true, width: 160 },
          { key: "operatore", name: "Operatore", sortable: true, width: 180 },
          { key: "giorno", name: "Giorno", format: "date", sortable: true },
          { key: "orario", name: "Orario" },
          { key: "cliente", name: "Cliente", sortable: true, width: 200 },
          { key: "limiti", name: "Limiti superati", width: 360 },
          { key: "motivo", name: "Motivazione", width: 260 },
          { key: "utente", name: "Autorizzata da", sortable: true },
        ]}
      />
    </Box>
  );
}
