/**
 * /fatturazione/fatture (issue 35 item 2): invoices, drafts and credit notes. 'Prepara bozze' makes a
 * month's drafts from the approved hours (one per client; the server says which clients it skipped
 * and why); a row opens the invoice to issue it or download its XML and PDF; 'Zip XML per
 * l'intermediario' downloads a month's issued files (by issue date) in one zip.
 */
import { Box, Button, Heading, HStack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { errorMessage } from "../../../api/base";
import { useCreaBozzeMutation } from "../../../api/fatturazione/fatture.endpoints";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { FatturaRiga } from "../../../domain/contracts/fatturazione/fatture";
import { downloadFile } from "../../../lib/download";
import { notify } from "../../../lib/toaster";
import { useMeseSelect } from "../common/mese-select";
import { FatturaDrawer } from "./fattura-drawer";

function PreparaBozze() {
  const { mese, select } = useMeseSelect("Mese da fatturare", 1);
  const [crea, { isLoading }] = useCreaBozzeMutation();
  const prepara = async () => {
    try {
      const r = await crea({ mese }).unwrap();
      notify.success(r.create.length === 1 ? "1 bozza preparata" : `${r.create.length} bozze preparate`);
      for (const a of r.avvisi) notify.error(a);
    } catch (e) {
      notify.error(errorMessage(e));
    }
  };
  return (
    <HStack gap="2" mb="3">
      {select}
      <Button size="sm" onClick={prepara} loading={isLoading}>
        Prepara bozze
      </Button>
    </HStack>
  );
}

/** The issued XML files of a month (by issue date) as one zip, for the company's SdI intermediary. */
function ZipMese() {
  const { mese, select } = useMeseSelect("Mese di emissione", 0);
  const scarica = () =>
    downloadFile(`/api/fatturazione/fatture/zip/?mese=${mese}`, `fatture-${mese}.zip`).catch((e: unknown) =>
      notify.error(errorMessage(e)),
    );
  return (
    <HStack gap="2" mb="3">
      {select}
      <Button size="sm" variant="outline" onClick={scarica}>
        Zip XML per l'intermediario
      </Button>
    </HStack>
  );
}

export function FatturePage() {
  const [aperta, setAperta] = useState<number | null>(null);
  return (
    <Box p="4">
      <Heading size="lg" mb="1">
        Fatture
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        Le bozze nascono dalle ore approvate nel Consuntivo, ai prezzi del contratto. Una fattura emessa riceve il suo
        numero e il file FatturaPA, e non si modifica più: si corregge con una nota di credito.
      </Text>
      <HStack gap="6" wrap="wrap">
        <PreparaBozze />
        <ZipMese />
      </HStack>
      <ListScreen<FatturaRiga & Record<string, unknown>>
        listId="fatture"
        path="fatturazione/fatture/"
        exportable
        defaults={{ sort: { field: "mese", asc: false }, autoload: true }}
        onRowOpen={(r) => setAperta(r.id)}
        filters={[
          { type: "global", label: "Ricerca" },
          {
            type: "select",
            name: "stato",
            label: "Stato",
            options: [
              { value: "Bozza", label: "Bozza" },
              { value: "Emessa", label: "Emessa" },
            ],
          },
        ]}
        columns={[
          { key: "mese", name: "Mese", format: "date", sortable: true },
          { key: "cliente", name: "Cliente", sortable: true, width: 220 },
          { key: "tipo", name: "Tipo" },
          { key: "stato", name: "Stato" },
          { key: "numero", name: "Numero", sortable: true },
          { key: "data", name: "Data", format: "date", sortable: true },
          { key: "imponibile", name: "Imponibile", format: "euro", total: true },
          { key: "imposta", name: "IVA", format: "euro", total: true },
          { key: "totale", name: "Totale", format: "euro", total: true },
          { key: "nome_file", name: "File SdI", hiddenByDefault: true },
        ]}
      />
      <FatturaDrawer id={aperta} onClose={() => setAperta(null)} />
    </Box>
  );
}
