/**
 * /anagrafiche/operatori/{id}/{tab}: the operator's record with the tabs anagrafica,
 * documenti-corsi, contratti-pratiche, indisponibilita, altro (each only with its erp_operatori_*
 * permission) and log (admins). /anagrafiche/operatori/aggiungi-nuovo: the empty anagrafica form.
 */
import { Badge, Box, Heading, HStack, Skeleton, Text } from "@chakra-ui/react";
import { useParams } from "react-router-dom";
import { useOperatoreQuery } from "../../../api/anagrafiche/operatori.endpoints";
import { LogScreen } from "../../../components/log-screen/log-screen";
import { OperatorQuickView } from "../../../components/quick-view/operator-quick-view";
import { RecordError } from "../../../components/record-error";
import { type UrlTab, UrlTabs } from "../../../components/url-tabs";
import type { OperatoreRecord } from "../../../domain/contracts/anagrafiche/operatori";
import { CAPABILITIES, hasAny } from "../../../domain/permissions";
import { usePermissions } from "../../../machines/session-context";
import { AltroTab } from "./altro-tab";
import { AnagraficaForm } from "./anagrafica-form";
import { ContrattiPraticheTab } from "./contratti-pratiche-tab";
import { DocumentiCorsiTab } from "./documenti-corsi-tab";
import { IndisponibilitaTab } from "./indisponibilita-tab";

/** The route asks for the anagrafica permission (src/app/routes.tsx): without it, the guard's message. */
export function NuovoOperatorePage() {
  return (
    <Box p="4">
      <Heading size="lg" mb="4">
        Nuovo operatore
      </Heading>
      <AnagraficaForm />
    </Box>
  );
}

/** The tabs the user may open, in order (SPEC §2). */
export function operatoreTabs(record: OperatoreRecord, permissions: readonly string[]): UrlTab[] {
  const can = (c: readonly string[]) => hasAny(permissions, c);
  const id = record.id;
  const tabs: UrlTab[] = [];
  if (can(CAPABILITIES.operatoriAnagrafica))
    tabs.push({ value: "anagrafica", label: "Anagrafica", render: () => <AnagraficaForm record={record} /> });
  if (can(CAPABILITIES.operatoriDocumentiCorsi))
    tabs.push({ value: "documenti-corsi", label: "Documenti e corsi", render: () => <DocumentiCorsiTab id={id} /> });
  if (can(CAPABILITIES.operatoriContrattiPratiche))
    tabs.push({
      value: "contratti-pratiche",
      label: "Contratti e pratiche",
      render: () => <ContrattiPraticheTab id={id} />,
    });
  if (can(CAPABILITIES.operatoriIndisponibilita))
    tabs.push({ value: "indisponibilita", label: "Indisponibilità", render: () => <IndisponibilitaTab id={id} /> });
  if (can(CAPABILITIES.operatoriAltro))
    tabs.push({
      value: "altro",
      label: "Altro",
      render: () => <AltroTab record={record} canExport={can(CAPABILITIES.operatoriAnagrafica)} />,
    });
  if (can(CAPABILITIES.logs))
    tabs.push({
      value: "log",
      label: "Log",
      render: () => <LogScreen title="Log dell'operatore" contentType="operatore" objectId={id} showRelated />,
    });
  return tabs;
}

export function OperatorePage() {
  const id = Number(useParams().id);
  const permissions = usePermissions();
  const { data, error, isLoading } = useOperatoreQuery(id, { skip: !Number.isInteger(id) || id <= 0 });
  if (isLoading) return <Skeleton height="40" m="4" />;
  if (error || !data)
    return (
      <Box p="4">
        <RecordError error={error} fallback="Operatore non trovato" />
      </Box>
    );
  const tabs = operatoreTabs(data, permissions);
  return (
    <Box p="4">
      <HStack gap="3" mb="3" wrap="wrap">
        <Heading size="lg">
          {data.cognome} {data.nome}
        </Heading>
        {data.codice && <Text color="fg.muted">Codice {data.codice}</Text>}
        {data.attivo && <Badge colorPalette="green">Attivo</Badge>}
        {data.cessato && <Badge colorPalette="gray">Cessato</Badge>}
        {data.black_list && <Badge colorPalette="red">Black list</Badge>}
      </HStack>
      {tabs.length > 0 ? (
        <UrlTabs tabs={tabs} base={`/anagrafiche/operatori/${id}`} />
      ) : (
        <Box maxW="360px" borderWidth="1px" borderRadius="md" p="3">
          <OperatorQuickView id={id} />
        </Box>
      )}
    </Box>
  );
}
