/**
 * /pianificazione/storico-turni (issue 32 item 16): the shift plan of any period as it stands — per
 * shift the client, the site, the times, how many operators were asked, assigned and confirmed, who
 * they are and the hours worked; totals per column when grouped, exported like the other lists.
 * The Registro turni beside it answers "who changed what and when" (DM 269/2010); this one answers
 * "what was planned and covered". A row opens the shift's Assegnazione avanzata.
 */
import { Box, Heading, Text } from "@chakra-ui/react";
import { useNavigate } from "react-router-dom";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { StoricoTurno } from "../../../domain/contracts/pianificazione/storico-turni";
import { monthOf } from "../common/month-range";

type Riga = StoricoTurno & Record<string, unknown>;

/** The operators of a shift, one a line, "(confermato)" after the confirmed ones. */
function Operatori({ row }: { row: Riga }) {
  if (row.operatori.length === 0) return <Text color="fg.muted">Nessuno</Text>;
  return (
    <Text lineClamp={2} title={row.operatori.map((o) => `${o.cognome} ${o.nome}`).join(", ")}>
      {row.operatori.map((o) => `${o.cognome} ${o.nome}${o.confermato ? " ✓" : ""}`).join(", ")}
    </Text>
  );
}

/** "2 / 3": assigned over asked, red when the shift is not covered. */
function Copertura({ row }: { row: Riga }) {
  const scoperto = row.assegnati < row.operatori_richiesti;
  return (
    <Text color={scoperto ? "red.700" : undefined} fontWeight={scoperto ? "semibold" : undefined}>
      {row.assegnati} / {row.operatori_richiesti}
    </Text>
  );
}

export function StoricoTurniPage() {
  const navigate = useNavigate();
  const mese = monthOf(new Date());
  return (
    <Box p="4">
      <Heading size="lg" mb="1">
        Storico turni
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        I turni di un periodo come sono ora: chi era richiesto, chi è assegnato e confermato, le ore lavorate. Un clic
        su una riga apre l'assegnazione del turno.
      </Text>
      <ListScreen<Riga>
        listId="storico-turni"
        path="pianificazione/storico-turni/"
        exportable
        rowKey={(r) => r.turno_id}
        onRowOpen={(r) =>
          navigate(
            `/pianificazione/contratti/${r.contratto_id}/servizi/${r.servizio_id}/giorno/${r.giorno_id}/turno/${r.turno_id}/assegnazione-avanzata`,
          )
        }
        defaults={{ filters: { dal: mese.dal, al: mese.al }, sort: { field: "giorno", asc: true }, autoload: true }}
        filters={[
          { type: "global", label: "Ricerca" },
          { type: "date-range", name: "periodo", label: "Periodo", fromName: "dal", toName: "al", shortcuts: true },
        ]}
        columns={[
          {
            key: "giorno",
            name: "Giorno",
            format: "date",
            sortable: true,
            groupable: true,
            frozen: "start",
            width: 110,
          },
          { key: "orario", name: "Orario", sortable: true, width: 130 },
          { key: "cliente", name: "Cliente", sortable: true, groupable: true, width: 200 },
          { key: "contratto", name: "Contratto", sortable: true, width: 180 },
          { key: "indirizzo", name: "Indirizzo", width: 200, hiddenByDefault: true },
          { key: "posizione", name: "Qualifica", sortable: true, groupable: true, width: 140 },
          {
            key: "assegnati",
            name: "Copertura",
            width: 100,
            exportField: "assegnati",
            render: (r) => <Copertura row={r} />,
          },
          { key: "operatori_richiesti", name: "Richiesti", format: "integer", hiddenByDefault: true },
          { key: "confermati", name: "Confermati", format: "integer", width: 100, total: true },
          { key: "operatori", name: "Operatori", width: 260, render: (r) => <Operatori row={r} /> },
          { key: "ore_lavorate", name: "Ore lavorate", format: "hours", width: 110, total: true },
          { key: "turno_id", name: "Turno", format: "integer", sortable: true, hiddenByDefault: true },
        ]}
      />
    </Box>
  );
}
