/**
 * /console/relazioni: the guards' service reports (ListScreen on GET /api/comunicazioni/relazioni/:
 * to approve first, then newest; state, category, severity, province, relevant, operator, client,
 * period; export). With `?relazione=<id>` (a row) the report itself: its versions, photos, the
 * amendment, relevant for the Questura, approval.
 */

import { Badge, Link as ChakraLink, Heading, Stack } from "@chakra-ui/react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { FilterField } from "../../../components/filter-bar/filter-bar.types";
import { relazioniCalls as calls } from "../../../domain/contracts/console/relazioni/calls";
import {
  RELAZIONE_CATEGORIA_LABEL,
  RELAZIONE_GRAVITA_LABEL,
  RELAZIONE_STATO_LABEL,
} from "../../../domain/contracts/console/relazioni/schemas";
import { RelazioneDetail } from "./relazione-detail";

type Row = Record<string, unknown>;

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const label = (labels: Record<string, string>, v: unknown) => labels[String(v)] ?? String(v ?? "");
const SI_NO = [
  { value: "true", label: "Sì" },
  { value: "false", label: "No" },
];

const FILTERS: FilterField[] = [
  { type: "global", label: "Ricerca" },
  { type: "select", name: "stato", label: "Stato", options: options(RELAZIONE_STATO_LABEL), multiple: true },
  {
    type: "select",
    name: "categoria",
    label: "Categoria",
    options: options(RELAZIONE_CATEGORIA_LABEL),
    multiple: true,
  },
  { type: "select", name: "gravita", label: "Gravità", options: options(RELAZIONE_GRAVITA_LABEL), multiple: true },
  { type: "select", name: "rilevante", label: "Rilevante per la Questura", options: SI_NO },
  { type: "text", name: "operatore", label: "Operatore" },
  { type: "text", name: "cliente", label: "Cliente" },
  { type: "date-range", name: "periodo", label: "Periodo" },
];

const GRAVITA_COLORE: Record<string, string> = { emergenza: "red", attenzione: "orange", routine: "gray" };

const COLUMNS: DataTableColumn<Row>[] = [
  {
    key: "stato",
    name: "Stato",
    sortable: true,
    groupable: true,
    render: (r) => (
      <ChakraLink asChild fontWeight={r.stato === "da_approvare" ? "semibold" : undefined}>
        <Link to={`/console/relazioni?relazione=${r.id}`}>{label(RELAZIONE_STATO_LABEL, r.stato)}</Link>
      </ChakraLink>
    ),
  },
  { key: "ricevuto_il", name: "Ricevuta il", sortable: true, format: "datetime" },
  { key: "accaduto_il", name: "Accaduto il", sortable: true, format: "datetime" },
  { key: "operatore", name: "Operatore", sortable: true, groupable: true },
  {
    key: "categoria",
    name: "Categoria",
    sortable: true,
    groupable: true,
    render: (r) => label(RELAZIONE_CATEGORIA_LABEL, r.categoria),
  },
  {
    key: "gravita",
    name: "Gravità",
    sortable: true,
    groupable: true,
    render: (r) => (
      <Badge colorPalette={GRAVITA_COLORE[String(r.gravita)] ?? "gray"}>
        {label(RELAZIONE_GRAVITA_LABEL, r.gravita)}
      </Badge>
    ),
  },
  { key: "rilevante", name: "Rilevante", sortable: true, render: (r) => (r.rilevante ? "Sì" : "No") },
  { key: "cliente", name: "Cliente", sortable: true, groupable: true },
  { key: "provincia", name: "Prov.", sortable: true, groupable: true },
  { key: "luogo", name: "Luogo" },
  { key: "versioni", name: "Versioni" },
  { key: "foto", name: "Foto" },
];

export function RelazioniPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const relazione = Number(params.get("relazione"));
  if (Number.isInteger(relazione) && relazione > 0) return <RelazioneDetail id={relazione} />;
  return (
    <Stack p="4" gap="3">
      <Heading size="lg">Relazioni di servizio</Heading>
      <ListScreen
        listId="relazioni"
        path={calls.relazioniList.path}
        defaults={{ autoload: true }}
        filters={FILTERS}
        columns={COLUMNS}
        onRowOpen={(r) => navigate(`/console/relazioni?relazione=${r.id}`)}
        aria-label="Relazioni di servizio"
      />
    </Stack>
  );
}
