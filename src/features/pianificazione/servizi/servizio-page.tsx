/**
 * /pianificazione/contratti/{idContratto}/servizi/{idServizio}/{tab}: assegnazione-risorse (the grid),
 * operatori-assegnati, costi, dotazioni, note-ed-allegati, ronde (checkpoints, tour plans, rounds:
 * issue 34, loaded with the tab).
 */
import { Box, Spinner, Text } from "@chakra-ui/react";
import { lazy, Suspense } from "react";
import { Link as RouterLink, useParams } from "react-router-dom";
import { useContrattoQuery } from "../../../api/pianificazione/contratti.endpoints";
import { UrlTabs } from "../../../components/url-tabs";
import { AssignmentScope } from "../assegnazione/assignment-context";
import { AssignmentGrid } from "../assegnazione/assignment-grid";
import { AutoAssegnazioneScope } from "../auto-assegnazione/auto-assegnazione-context";
import { ServizioHeader } from "./piano-edit";
import { CostiTab, DotazioniTab, NoteAllegatiTab, OperatoriAssegnatiTab } from "./servizio-tabs";

const RondeTab = lazy(() => import("../ronde/ronde-tab"));

export function ServizioPage() {
  const { idContratto = "", idServizio = "" } = useParams();
  const contratto = useContrattoQuery(idContratto);
  const ids = { idContratto, idServizio };
  // One assignment actor for the whole page: the header's plan edits reload the grid through it.
  return (
    <AssignmentScope {...ids}>
      <Box p="4">
        <Text fontSize="sm">
          <RouterLink to={`/pianificazione/contratti/${idContratto}/servizi`}>
            {contratto.data ? `${contratto.data.cliente?.ragione_sociale} — ${contratto.data.titolo}` : "Contratto"}
          </RouterLink>
        </Text>
        <ServizioHeader {...ids} />
        <UrlTabs
          base={`/pianificazione/contratti/${idContratto}/servizi/${idServizio}`}
          tabs={[
            {
              value: "assegnazione-risorse",
              label: "Assegnazione risorse",
              // the automatic staffing actor of this service (its panel and the cells' marks); another service, another actor
              render: () => (
                <AutoAssegnazioneScope key={idServizio} scope={`servizio:${idServizio}`}>
                  <AssignmentGrid {...ids} />
                </AutoAssegnazioneScope>
              ),
            },
            {
              value: "operatori-assegnati",
              label: "Operatori assegnati",
              render: () => <OperatoriAssegnatiTab {...ids} />,
            },
            { value: "costi", label: "Costi", render: () => <CostiTab {...ids} /> },
            { value: "dotazioni", label: "Dotazioni", render: () => <DotazioniTab {...ids} /> },
            { value: "note-ed-allegati", label: "Note ed allegati", render: () => <NoteAllegatiTab {...ids} /> },
            {
              value: "ronde",
              label: "Ronde",
              render: () => (
                <Suspense fallback={<Spinner />}>
                  <RondeTab {...ids} />
                </Suspense>
              ),
            },
          ]}
        />
      </Box>
    </AssignmentScope>
  );
}
