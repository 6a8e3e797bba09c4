/**
 * /pianificazione/intermittenti: for a period, the shifts of operators on an intermittent contract
 * and whether the mandatory advance communication was sent ('Segna come inviata' with date and
 * riferimento); exportable through the list.
 */
import { Box, Button, Heading, HStack, Input, Text } from "@chakra-ui/react";
import { useState } from "react";
import { errorMessage } from "../../api/base";
import { type Intermittente, useComunicazioneIntermittenteMutation } from "../../api/pianificazione.endpoints";
import { notify } from "../../app/toaster";
import { ListScreen } from "../../components/data-table/list-screen";
import { formatDate } from "../../domain/format";
import { MSG } from "./messages";
import { turnoRanges } from "./shift-cell";

function SegnaInviata({ row }: { row: Intermittente }) {
  const [open, setOpen] = useState(false);
  const [data, setData] = useState(new Date().toISOString().slice(0, 10));
  const [riferimento, setRiferimento] = useState("");
  const [send, state] = useComunicazioneIntermittenteMutation();
  if (row.inviata_il)
    return (
      <Text fontSize="sm">{`Inviata il ${formatDate(row.inviata_il)}${row.riferimento ? ` (${row.riferimento})` : ""}`}</Text>
    );
  if (!open)
    return (
      <Button size="xs" onClick={() => setOpen(true)}>
        Segna come inviata
      </Button>
    );
  return (
    <HStack gap="1">
      <Input size="xs" type="date" value={data} onChange={(e) => setData(e.target.value)} aria-label="Data invio" />
      <Input
        size="xs"
        placeholder="Riferimento"
        value={riferimento}
        onChange={(e) => setRiferimento(e.target.value)}
        aria-label="Riferimento"
      />
      <Button
        size="xs"
        colorPalette="blue"
        loading={state.isLoading}
        onClick={async () => {
          try {
            await send({ id: row.id, inviata_il: data, riferimento }).unwrap();
            notify.success(MSG.saved);
          } catch (err) {
            notify.error(MSG.requestError(errorMessage(err)));
          }
        }}
      >
        Salva
      </Button>
    </HStack>
  );
}

export function IntermittentiPage() {
  return (
    <Box p="4">
      <Heading size="lg" mb="3">
        Intermittenti
      </Heading>
      <ListScreen<Intermittente & Record<string, unknown>>
        listId="intermittenti"
        path="pianificazione/intermittenti/"
        exportable
        filters={[
          { type: "global", label: "Ricerca" },
          { type: "date-range", name: "periodo", label: "Periodo", fromName: "dal", toName: "al", shortcuts: true },
        ]}
        columns={[
          { key: "giorno", name: "Giorno", format: "date", sortable: true },
          {
            key: "operatore",
            name: "Operatore",
            sortable: true,
            render: (r) => `${r.operatore.cognome} ${r.operatore.nome}`,
          },
          { key: "cliente", name: "Cliente" },
          { key: "contratto", name: "Contratto" },
          { key: "orario", name: "Orario", exportField: false, render: (r) => turnoRanges(r) },
          { key: "comunicazione", name: "Comunicazione", exportField: false, render: (r) => <SegnaInviata row={r} /> },
        ]}
      />
    </Box>
  );
}
