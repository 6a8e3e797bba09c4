/**
 * /pianificazione/contratti: the contracts list (filters global, cliente, attivo, tipo_servizio) and
 * 'Assegna automaticamente' for a week or a month of the whole company (optionally a region or client).
 */
import { Box, Button, Heading, HStack, Link } from "@chakra-ui/react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { useClientiOptionsQuery } from "../../../api/pianificazione/contratti.endpoints";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { FilterField } from "../../../components/filter-bar/filter-bar.types";
import { AutoAssegnazioneScope } from "../auto-assegnazione/auto-assegnazione-context";
import { AutoAssegnazionePanel } from "../auto-assegnazione/auto-assegnazione-panel";
import { monthOf } from "../common/month-range";

interface ContrattoRow extends Record<string, unknown> {
  id: number;
  titolo: string;
  cliente: { id: number; ragione_sociale: string } | null;
}

export function ContrattiListPage() {
  const navigate = useNavigate();
  const clienti = useClientiOptionsQuery();
  const filters: FilterField[] = [
    { type: "global", label: "Ricerca" },
    {
      type: "select",
      name: "cliente_id",
      label: "Cliente",
      options: (clienti.data?.results ?? []).map((c) => ({ value: String(c.id), label: c.ragione_sociale })),
    },
    { type: "switch", name: "attivo", label: "Solo attivi" },
    { type: "text", name: "tipo_servizio", label: "Tipo servizio" },
  ];
  return (
    <Box p="4">
      <HStack justify="space-between" mb="3">
        <Heading size="lg">Contratti</Heading>
        <Button asChild colorPalette="blue">
          <RouterLink to="/pianificazione/contratti/aggiungi-nuovo">Nuovo contratto</RouterLink>
        </Button>
      </HStack>
      <AutoAssegnazioneScope scope="contratti">
        <HStack mb="3">
          <AutoAssegnazionePanel
            {...monthOf(new Date())}
            azienda
            clienti={(clienti.data?.results ?? []).map((c) => ({ value: String(c.id), label: c.ragione_sociale }))}
          />
        </HStack>
      </AutoAssegnazioneScope>
      <ListScreen<ContrattoRow>
        listId="contratti"
        // A row opens its record (issue 32 item 4), as the link in it does.
        onRowOpen={(r) => navigate(`/pianificazione/contratti/${r.id}/dati-generali`)}
        path="pianificazione/contratti/"
        defaults={{ sort: { field: "titolo", asc: true }, autoload: true }}
        filters={filters}
        exportable
        columns={[
          {
            key: "titolo",
            name: "Titolo",
            width: 300,
            sortable: true,
            render: (r) => (
              <Link asChild color="blue.700">
                <RouterLink to={`/pianificazione/contratti/${r.id}/dati-generali`}>{r.titolo}</RouterLink>
              </Link>
            ),
          },
          {
            key: "cliente",
            name: "Cliente",
            width: 240,
            sortable: true,
            render: (r) => r.cliente?.ragione_sociale ?? "",
          },
          { key: "tipo_servizio", name: "Tipo servizio", sortable: true, groupable: true },
          { key: "numero_contratto", name: "Numero", sortable: true },
          { key: "servizi", name: "Servizi", sortable: true },
          { key: "dal", name: "Dal", format: "date", sortable: true },
          { key: "al", name: "Al", format: "date", sortable: true },
          { key: "attivo", name: "Attivo", format: "boolean", sortable: true },
        ]}
      />
    </Box>
  );
}
