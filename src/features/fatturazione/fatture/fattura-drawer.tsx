/**
 * One invoice in a side panel: its lines (service, qualification, band), totals and state, and what
 * can be done — issue a draft (the number is assigned then), download the XML and the PDF of an
 * issued one, a credit note, delete a draft. A refused issue shows the server's message, which names
 * the missing field.
 */
import { Badge, Box, Button, CloseButton, Drawer, HStack, Portal, Stack, Table, Text } from "@chakra-ui/react";
import { errorMessage } from "../../../api/base";
import {
  useEliminaBozzaMutation,
  useEmettiFatturaMutation,
  useFatturaQuery,
  useNotaDiCreditoMutation,
} from "../../../api/fatturazione/fatture.endpoints";
import { formatDate, formatEuro, formatNumber } from "../../../domain/format";
import { CAPABILITIES, hasAny } from "../../../domain/permissions";
import { downloadFile } from "../../../lib/download";
import { notify } from "../../../lib/toaster";
import { usePermissions } from "../../../machines/session-context";

export function FatturaDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data: f } = useFatturaQuery(id ?? 0, { skip: id === null });
  const [emetti, { isLoading: emettendo }] = useEmettiFatturaMutation();
  const [nota, { isLoading: stornando }] = useNotaDiCreditoMutation();
  const [elimina] = useEliminaBozzaMutation();
  const puoEmettere = hasAny(usePermissions(), CAPABILITIES.fattureEmetti);
  const azione = async (fn: () => Promise<unknown>, ok: string, chiudi = false) => {
    try {
      await fn();
      notify.success(ok);
      if (chiudi) onClose();
    } catch (e) {
      notify.error(errorMessage(e));
    }
  };
  const scarica = (kind: "xml" | "pdf") =>
    f &&
    downloadFile(`/api/fatturazione/fatture/${f.id}/${kind}/`, `fattura.${kind}`).catch((e: unknown) =>
      notify.error(errorMessage(e)),
    );
  const titolo = f
    ? `${f.tipo === "TD04" ? "Nota di credito" : "Fattura"} ${f.numero ? `n. ${f.numero}/${f.anno}` : "(bozza)"} — ${f.cliente.ragione_sociale}`
    : "Fattura";
  return (
    <Drawer.Root open={id !== null} onOpenChange={(d) => !d.open && onClose()} placement="end" size="lg">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content aria-label="Fattura">
            <Drawer.Header>
              <Drawer.Title>{titolo}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {f && (
                <Stack gap="3">
                  <HStack>
                    <Badge colorPalette={f.stato === "emessa" ? "green" : "orange"}>
                      {f.stato === "emessa" ? `Emessa il ${formatDate(f.data ?? "")}` : "Bozza"}
                    </Badge>
                    <Text fontSize="sm">
                      Mese {f.mese.slice(5, 7)}/{f.mese.slice(0, 4)}
                    </Text>
                    {f.nome_file && <Text fontSize="sm">File SdI {f.nome_file}</Text>}
                  </HStack>
                  <Table.Root size="sm">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>Descrizione</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">Ore</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">Prezzo</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">Importo</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {f.righe.map((r) => (
                        <Table.Row key={r.numero_linea}>
                          <Table.Cell>{r.descrizione}</Table.Cell>
                          <Table.Cell textAlign="end">{formatNumber(r.quantita)}</Table.Cell>
                          <Table.Cell textAlign="end">{formatEuro(r.prezzo_unitario)}</Table.Cell>
                          <Table.Cell textAlign="end">{formatEuro(r.importo)}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                  <Box textAlign="end" fontSize="sm">
                    <Text>Imponibile {formatEuro(f.imponibile)}</Text>
                    <Text>
                      {f.natura ? `IVA 0% (${f.natura})` : `IVA ${formatNumber(f.aliquota_iva)}%`}
                      {f.esigibilita_iva === "S" ? " — scissione dei pagamenti" : ""} {formatEuro(f.imposta)}
                    </Text>
                    <Text fontWeight="bold">Totale {formatEuro(f.totale)}</Text>
                  </Box>
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.Footer>
              {f?.stato === "bozza" && (
                <>
                  <Button
                    variant="outline"
                    onClick={() => azione(() => elimina(f.id).unwrap(), "Bozza eliminata", true)}
                  >
                    Elimina bozza
                  </Button>
                  {puoEmettere && (
                    <Button loading={emettendo} onClick={() => azione(() => emetti(f.id).unwrap(), "Fattura emessa")}>
                      Emetti
                    </Button>
                  )}
                </>
              )}
              {f?.stato === "emessa" && (
                <>
                  <Button variant="outline" onClick={() => scarica("pdf")}>
                    Scarica PDF
                  </Button>
                  <Button variant="outline" onClick={() => scarica("xml")}>
                    Scarica XML
                  </Button>
                  {puoEmettere && f.tipo === "TD01" && (
                    <Button
                      variant="outline"
                      loading={stornando}
                      onClick={() => azione(() => nota(f.id).unwrap(), "Nota di credito emessa")}
                    >
                      Nota di credito
                    </Button>
                  )}
                </>
              )}
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Chiudi" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
