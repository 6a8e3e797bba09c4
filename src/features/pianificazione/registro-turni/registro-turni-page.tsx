/**
 * /pianificazione/registro-turni: the shift register (DM 269/2010, issue 15 item 3) — any past
 * period (the current month by default) as it stood at a chosen day (today by default): who was on which shift, at what times,
 * confirmed or not, the last change and who made it; exported (xlsx, pdf) for the authority.
 */

import { Box, Heading, Text } from "@chakra-ui/react";
import { useNavigate } from "react-router-dom";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { RegistroTurno } from "../../../domain/contracts/pianificazione/registro-turni";
import { gridOfRow } from "../common/grid-url";
import { monthOf } from "../common/month-range";

export function RegistroTurniPage() {
  const navigate = useNavigate();
  // The current month: where the register has rows on the day a clerk opens it (issue 32 item 10).
  const mese = monthOf(new Date());
  return (
    <Box p="4">
      <Heading size="lg" mb="1">
        Registro turni
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        Il registro non si modifica: ogni assegnazione e ogni sua modifica vi resta. Scegli il periodo e, se serve, il
        giorno a cui vederlo com'era.
      </Text>
      <ListScreen<RegistroTurno & Record<string, unknown>>
        listId="registro-turni"
        // A row opens its shift's service grid at that month (issue 32 item 4), while the shift is planned.
        onRowOpen={(r) => {
          const url = gridOfRow(r);
          if (url) navigate(url);
        }}
        path="pianificazione/registro-turni/"
        exportable
        defaults={{
          filters: { dal: mese.dal, al: mese.al },
          sort: { field: "giorno", asc: true },
          autoload: true,
        }}
        filters={[
          { type: "global", label: "Ricerca" },
          { type: "date-range", name: "periodo", label: "Periodo", fromName: "dal", toName: "al", shortcuts: true },
          { type: "date", name: "al_momento", label: "Com'era al giorno" },
        ]}
        columns={[
          { key: "giorno", name: "Giorno", format: "date", sortable: true },
          { key: "orario", name: "Orario", sortable: true },
          { key: "operatore", name: "Operatore", sortable: true, width: 200 },
          { key: "cliente", name: "Cliente", sortable: true, width: 200 },
          { key: "contratto", name: "Contratto", width: 200 },
          { key: "confermato", name: "Confermato", format: "boolean" },
          { key: "ultima_modifica", name: "Ultima modifica", format: "datetime", sortable: true, width: 160 },
          { key: "evento", name: "Evento" },
          { key: "utente", name: "Utente" },
          { key: "motivo", name: "Motivazione" },
        ]}
      />
    </Box>
  );
}
