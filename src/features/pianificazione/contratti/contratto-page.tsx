/**
 * /pianificazione/contratti/{idContratto}/{tab}: dati-generali, servizi, prezzi (erp_contratti_prezzi),
 * compensi (erp_contratti_compensi), operatori-non-graditi. /pianificazione/contratti/aggiungi-nuovo:
 * the empty form.
 */
import { Box, Heading, Skeleton, Text } from "@chakra-ui/react";
import { useParams } from "react-router-dom";
import { useContrattoQuery } from "../../../api/pianificazione/contratti.endpoints";
import { RecordError } from "../../../components/record-error";
import { type UrlTab, UrlTabs } from "../../../components/url-tabs";
import { CAPABILITIES, hasAny } from "../../../domain/permissions";
import { usePermissions } from "../../../machines/session-context";
import { ServiziTab } from "../servizi/servizi-tab";
import { ContrattoForm } from "./contratto-form";
import { NonGraditiTab } from "./non-graditi-tab";
import { CompensiTab, PrezziTab } from "./prezzi-compensi-tabs";

export function NuovoContrattoPage() {
  return (
    <Box p="4">
      <Heading size="lg" mb="4">
        Nuovo contratto
      </Heading>
      <ContrattoForm />
    </Box>
  );
}

export function ContrattoPage() {
  const { idContratto = "" } = useParams();
  const permissions = usePermissions();
  const { data, error, isLoading } = useContrattoQuery(idContratto);
  if (isLoading) return <Skeleton height="40" m="4" />;
  if (error || !data)
    return (
      <Box p="4">
        <RecordError error={error} fallback="Contratto non trovato" />
      </Box>
    );
  const id = data.id;
  const tabs: UrlTab[] = [
    { value: "dati-generali", label: "Dati generali", render: () => <ContrattoForm contratto={data} /> },
    { value: "servizi", label: "Servizi", render: () => <ServiziTab idContratto={id} /> },
  ];
  if (hasAny(permissions, CAPABILITIES.contrattiPrezzi))
    tabs.push({ value: "prezzi", label: "Prezzi", render: () => <PrezziTab idContratto={id} /> });
  if (hasAny(permissions, CAPABILITIES.contrattiCompensi))
    tabs.push({ value: "compensi", label: "Compensi", render: () => <CompensiTab idContratto={id} /> });
  tabs.push({
    value: "operatori-non-graditi",
    label: "Operatori non graditi",
    render: () => <NonGraditiTab idContratto={id} />,
  });
  return (
    <Box p="4">
      <Heading size="lg">{data.titolo}</Heading>
      <Text color="fg.muted" mb="3">
        {data.cliente?.ragione_sociale}
      </Text>
      <UrlTabs tabs={tabs} base={`/pianificazione/contratti/${id}`} />
    </Box>
  );
}
