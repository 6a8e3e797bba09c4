/**
 * /fatturazione/consuntivo (issue 35 item 1): a contract's month — each shift and guard, planned vs
 * worked (from the check-ins, the source shown), the shifts with a check-in and no check-out first.
 * A click on a row corrects its times (with a reason); 'Approva il mese' locks the month's hours for
 * invoicing (refused while a shift is open; a later correction is a derogation).
 */
import { Badge, Box, Button, Heading, HStack, Text } from "@chakra-ui/react";
import { useMemo, useState } from "react";
import { errorMessage } from "../../../api/base";
import { useApprovaConsuntivoMutation, useConsuntivoStatoQuery } from "../../../api/fatturazione/consuntivo.endpoints";
import { useGetListQuery } from "../../../api/list.endpoints";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { ListDefaults } from "../../../components/lists/list-state";
import { useListState } from "../../../components/lists/use-list-state";
import type { ConsuntivoRiga } from "../../../domain/contracts/fatturazione/consuntivo";
import { formatDateTimeSeconds } from "../../../domain/format";
import { CAPABILITIES, hasAny } from "../../../domain/permissions";
import { notify } from "../../../lib/toaster";
import { usePermissions } from "../../../machines/session-context";
import { ultimiMesi } from "../common/mesi";
import { RettificaDrawer } from "./rettifica-drawer";

const LIST_ID = "consuntivo";

function StatoMese({ contratto, mese }: { contratto: number; mese: string }) {
  const { data } = useConsuntivoStatoQuery({ contratto, mese });
  const [approva, { isLoading }] = useApprovaConsuntivoMutation();
  const [chiedi, setChiedi] = useState(false);
  const puoApprovare = hasAny(usePermissions(), CAPABILITIES.consuntivoApprova);
  if (!data) return null;
  const conferma = async () => {
    try {
      await approva({ contratto, mese }).unwrap();
      notify.success("Mese approvato");
      setChiedi(false);
    } catch (e) {
      notify.error(errorMessage(e));
      setChiedi(false);
    }
  };
  return (
    <HStack gap="3" mb="3" data-testid="stato-consuntivo">
      {data.approvato ? (
        <Badge colorPalette="green">
          Approvato il {formatDateTimeSeconds(data.approvato_il ?? "")}
          {data.approvato_da ? ` da ${data.approvato_da}` : ""}
        </Badge>
      ) : (
        <Badge colorPalette="orange">Da approvare</Badge>
      )}
      {data.aperti > 0 && (
        <Text fontSize="sm" color="fg.error">
          {data.aperti === 1 ? "1 turno con ingresso senza uscita" : `${data.aperti} turni con ingresso senza uscita`}
        </Text>
      )}
      {!data.approvato && puoApprovare && (
        <Button size="sm" onClick={() => setChiedi(true)} disabled={data.assegnazioni === 0}>
          Approva il mese
        </Button>
      )}
      <ConfirmDialog
        open={chiedi}
        title="Approva il mese"
        question="Le ore approvate saranno quelle fatturate: una modifica successiva sarà una deroga registrata. Confermi?"
        confirmLabel="Approva"
        loading={isLoading}
        onConfirm={conferma}
        onClose={() => setChiedi(false)}
      />
    </HStack>
  );
}

export function ConsuntivoPage() {
  const opzioniMesi = useMemo(() => ultimiMesi(new Date()), []);
  const { data: contratti } = useGetListQuery({
    path: "pianificazione/contratti/",
    params: { page_size: "99999", order_field: "titolo" },
  });
  const opzioniContratti = useMemo(
    () =>
      (contratti?.results ?? []).map((c) => ({
        value: String(c.id),
        label: `${c.titolo} — ${(c.cliente as { ragione_sociale: string }).ragione_sociale}`,
      })),
    [contratti],
  );
  const defaults = useMemo(
    (): ListDefaults => ({ filters: { mese: opzioniMesi[1].value }, sort: { field: "aperto", asc: false } }),
    [opzioniMesi],
  );
  const [{ filters: filtri }] = useListState(LIST_ID, { defaults });
  const contratto = Number(filtri.contratto) || null;
  const mese = typeof filtri.mese === "string" && filtri.mese ? filtri.mese : null;
  const { data: stato } = useConsuntivoStatoQuery(
    { contratto: contratto ?? 0, mese: mese ?? "" },
    { skip: !contratto || !mese },
  );
  const [riga, setRiga] = useState<ConsuntivoRiga | null>(null);
  return (
    <Box p="4">
      <Heading size="lg" mb="1">
        Consuntivo ore
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        Ore pianificate e lavorate di un contratto nel mese. I turni con ingresso senza uscita sono in cima: fai clic su
        una riga per rettificarne gli orari, sempre con un motivo. Il mese approvato è quello che si fattura.
      </Text>
      {contratto && mese && <StatoMese contratto={contratto} mese={mese} />}
      <ListScreen<ConsuntivoRiga & Record<string, unknown>>
        listId={LIST_ID}
        path="fatturazione/consuntivo/"
        exportable
        notLoadedText="Scegli il contratto e il mese, poi applica i filtri."
        defaults={defaults}
        onRowOpen={(r) => setRiga(r)}
        filters={[
          { type: "select", name: "contratto", label: "Contratto", options: opzioniContratti },
          { type: "select", name: "mese", label: "Mese", options: opzioniMesi, blank: false },
          { type: "global", label: "Ricerca" },
        ]}
        columns={[
          { key: "giorno", name: "Giorno", format: "date", sortable: true },
          { key: "operatore", name: "Operatore", sortable: true, width: 180 },
          { key: "servizio", name: "Servizio", sortable: true, width: 180 },
          { key: "posizione", name: "Qualifica", hiddenByDefault: true },
          { key: "orario", name: "Orario pianificato" },
          { key: "pianificate", name: "Ore pianificate", format: "hours", total: true },
          { key: "ingresso", name: "Ingresso", format: "datetime", width: 150 },
          { key: "uscita", name: "Uscita", format: "datetime", width: 150 },
          { key: "lavorate", name: "Ore lavorate", format: "hours", total: true },
          { key: "fonte", name: "Fonte" },
          { key: "aperto", name: "Ingresso senza uscita", format: "boolean", sortable: true },
          { key: "motivo", name: "Motivo della rettifica", width: 220 },
        ]}
      />
      <RettificaDrawer riga={riga} approvato={stato?.approvato ?? false} onClose={() => setRiga(null)} />
    </Box>
  );
}
