/**
 * /console/comunicazioni-azienda: the company's messages to the guards (ListScreen on
 * GET /api/comunicazioni/azienda/: newest first; subject, recipients, period; export) with
 * 'Nuova comunicazione'; `?comunicazione=<id>` opens one with its recipients.
 */

import { Button, Link as ChakraLink, Heading, HStack, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { FilterField } from "../../../components/filter-bar/filter-bar.types";
import { comunicazioniAziendaCalls as calls } from "../../../domain/contracts/console/comunicazioni-azienda/calls";
import { COMUNICAZIONE_DESTINATARI_LABEL } from "../../../domain/contracts/console/comunicazioni-azienda/schemas";
import { ComunicazioneDetail } from "./comunicazione-detail";
import { NuovaComunicazione } from "./nuova-comunicazione";

type Row = Record<string, unknown>;
const PATH = "/console/comunicazioni-azienda";

const FILTERS: FilterField[] = [
  { type: "global", label: "Ricerca" },
  {
    type: "select",
    name: "destinatari",
    label: "Destinatari",
    options: Object.entries(COMUNICAZIONE_DESTINATARI_LABEL).map(([value, label]) => ({ value, label })),
    multiple: true,
  },
  { type: "date-range", name: "periodo", label: "Periodo" },
];

const COLUMNS: DataTableColumn<Row>[] = [
  { key: "inviata_il", name: "Inviata il", sortable: true, format: "datetime" },
  {
    key: "oggetto",
    name: "Oggetto",
    sortable: true,
    render: (r) => (
      <ChakraLink asChild>
        <Link to={`${PATH}?comunicazione=${r.id}`}>{String(r.oggetto)}</Link>
      </ChakraLink>
    ),
  },
  {
    key: "destinatari",
    name: "Destinatari",
    sortable: true,
    groupable: true,
    render: (r) =>
      `${COMUNICAZIONE_DESTINATARI_LABEL[r.destinatari as keyof typeof COMUNICAZIONE_DESTINATARI_LABEL] ?? r.destinatari}${
        r.qualifica ? `: ${r.qualifica}` : ""
      }`,
  },
  { key: "totale", name: "Destinatari (n.)", sortable: true, format: "integer" },
  { key: "consegnate", name: "Consegnate", format: "integer" },
  { key: "lette", name: "Lette", format: "integer" },
  { key: "allegato", name: "Allegato", render: (r) => (r.allegato ? "Sì" : "") },
  { key: "inviata_da", name: "Inviata da", sortable: true },
];

export function ComunicazioniAziendaPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [nuova, setNuova] = useState(false);
  const id = Number(params.get("comunicazione"));
  if (Number.isInteger(id) && id > 0) return <ComunicazioneDetail id={id} />;
  return (
    <Stack p="4" gap="3">
      <HStack justify="space-between">
        <Heading size="lg">Comunicazioni azienda</Heading>
        {!nuova && <Button onClick={() => setNuova(true)}>Nuova comunicazione</Button>}
      </HStack>
      {nuova && <NuovaComunicazione onSent={(c) => navigate(`${PATH}?comunicazione=${c.id}`)} />}
      <ListScreen
        listId="comunicazioni-azienda"
        // A row opens its record (issue 32 item 4), as the link in it does.
        onRowOpen={(r) => navigate(`${PATH}?comunicazione=${r.id}`)}
        path={calls.comunicazioniList.path}
        defaults={{ autoload: true }}
        filters={FILTERS}
        columns={COLUMNS}
        aria-label="Comunicazioni azienda"
      />
    </Stack>
  );
}
