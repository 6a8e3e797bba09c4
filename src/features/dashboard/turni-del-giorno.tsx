/**
 * The day's shifts behind a 'Turni di oggi' figure (GET /api/report/dashboard/turni/, the same
 * conditions as the figure): shown on the dashboard when its URL names a coverage
 * (`?turni.f.giorno=…&turni.f.copertura=scoperti`), so the figure's link is the list, filtered and
 * shareable. A planner opens the shift's advanced assignment from its row.
 */
import { Box, Button, Card, Heading, HStack, Link } from "@chakra-ui/react";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import type { DataTableColumn } from "../../components/data-table/data-table.types";
import { ListScreen } from "../../components/data-table/list-screen";
import type { Copertura, TurnoGiorno } from "../../domain/contracts/report/turni-giorno";
import { formatDate } from "../../domain/format";
import { CAPABILITIES, hasAny } from "../../domain/permissions";
import { usePermissions } from "../../machines/session-context";
import { TURNI_COPERTURA, TURNI_PREFIX } from "./turni-url";

const TITOLO: Record<Copertura, string> = {
  scoperti: "Turni scoperti",
  non_confermati: "Turni da confermare",
  coperti: "Turni coperti",
};

type Row = TurnoGiorno & Record<string, unknown>;

export function TurniDelGiorno() {
  const [params, setParams] = useSearchParams();
  const planner = hasAny(usePermissions(), CAPABILITIES.contratti);
  const copertura = params.get(TURNI_COPERTURA) as Copertura | null;
  const giorno = params.get(`${TURNI_PREFIX}f.giorno`);
  if (!copertura || !giorno || !(copertura in TITOLO)) return null;
  const columns: DataTableColumn<Row>[] = [
    { key: "orario", name: "Orario", sortable: true },
    { key: "cliente", name: "Cliente", sortable: true, width: 200 },
    { key: "servizio", name: "Servizio", width: 180 },
    { key: "qualifica", name: "Qualifica" },
    { key: "operatori_richiesti", name: "Richiesti" },
    { key: "assegnati", name: "Assegnati" },
    { key: "confermati", name: "Confermati" },
    { key: "mancanti", name: "Mancanti", sortable: true },
    ...(planner
      ? [
          {
            key: "assegna",
            name: "Assegnazione",
            exportField: false,
            hideable: false,
            render: (r: Row) => (
              <Link asChild color="blue.600">
                <RouterLink
                  to={`/pianificazione/contratti/${r.contratto_id}/servizi/${r.servizio_id}/giorno/${r.giorno_id}/turno/${r.id}/assegnazione-avanzata`}
                >
                  Apri
                </RouterLink>
              </Link>
            ),
          } satisfies DataTableColumn<Row>,
        ]
      : []),
  ];
  const chiudi = () => {
    const next = new URLSearchParams();
    for (const [k, v] of params) if (!k.startsWith(TURNI_PREFIX)) next.append(k, v);
    setParams(next);
  };
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h3" size="md">
            {TITOLO[copertura]} del {formatDate(giorno)}
          </Heading>
          <Button size="sm" variant="ghost" onClick={chiudi}>
            Chiudi
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Box>
          <ListScreen<Row>
            listId="turni-del-giorno"
            path="report/dashboard/turni/"
            urlPrefix={TURNI_PREFIX}
            aria-label={TITOLO[copertura]}
            defaults={{ filters: { giorno, copertura }, sort: { field: "orario", asc: true }, autoload: true }}
            filters={[]}
            columns={columns}
          />
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
