/**
 * /pianificazione/intermittenti: for a period, the shifts of operators on an intermittent contract
 * and whether the mandatory advance communication was sent ('Segna come inviata' with date and
 * riferimento); exportable through the list.
 */

import { Badge, Box, Button, Heading, HStack, Input, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { errorMessage } from "../../../api/base";
import {
  type Intermittente,
  useComunicazioneIntermittenteMutation,
} from "../../../api/pianificazione/intermittenti.endpoints";
import { ListScreen } from "../../../components/data-table/list-screen";
import { DateInput } from "../../../components/form";
import { OperatorName } from "../../../components/quick-view";
import { formatDate, parseDateText, toApiDate } from "../../../domain/format";
import { notify } from "../../../lib/toaster";
import { gridUrl } from "../common/grid-url";
import { MSG } from "../common/messages";
import { monthOf } from "../common/month-range";

const DATA_INVIO_NON_VALIDA = "Data invio non valida (GG/MM/AAAA)";

function SegnaInviata({ row }: { row: Intermittente }) {
  const [open, setOpen] = useState(false);
  const [data, setData] = useState(() => toApiDate(new Date()));
  const [riferimento, setRiferimento] = useState("");
  const [send, state] = useComunicazioneIntermittenteMutation();
  const valid = parseDateText(data) !== null;
  if (row.comunicazione_inviata)
    return (
      <Text fontSize="sm" color="green.700">
        {`Inviata il ${formatDate(row.inviata_il)}${row.riferimento ? ` (${row.riferimento})` : ""}`}
      </Text>
    );
  if (!open)
    return (
      <HStack gap="2">
        <Badge colorPalette="red">Da inviare</Badge>
        <Button size="xs" onClick={() => setOpen(true)}>
          Segna come inviata
        </Button>
      </HStack>
    );
  return (
    <HStack gap="1">
      <DateInput size="xs" value={data} onChange={setData} aria-label="Data invio" aria-invalid={!valid || undefined} />
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
          if (!valid) {
            notify.error(DATA_INVIO_NON_VALIDA);
            return;
          }
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
  const navigate = useNavigate();
  const mese = monthOf(new Date());
  return (
    <Box p="4">
      <Heading size="lg" mb="3">
        Intermittenti
      </Heading>
      <ListScreen<Intermittente & Record<string, unknown>>
        listId="intermittenti"
        // A row opens the service's grid at the shift's month (issue 32 item 4).
        onRowOpen={(r) => navigate(gridUrl(r.contratto_id, r.servizio_id, r.giorno))}
        path="pianificazione/intermittenti/"
        aria-label="Intermittenti"
        exportable
        defaults={{ filters: { dal: mese.dal, al: mese.al }, sort: { field: "giorno", asc: true }, autoload: true }}
        filters={[
          { type: "global", label: "Ricerca" },
          { type: "date-range", name: "periodo", label: "Periodo", fromName: "dal", toName: "al", shortcuts: true },
          {
            type: "select",
            name: "comunicazione_inviata",
            label: "Comunicazione",
            options: [
              { value: "true", label: "Inviata" },
              { value: "false", label: "Da inviare" },
            ],
          },
        ]}
        columns={[
          { key: "giorno", name: "Giorno", format: "date", sortable: true },
          {
            key: "operatore",
            name: "Operatore",
            sortable: true,
            render: (r) => (
              <OperatorName id={r.operatore.id}>{`${r.operatore.cognome} ${r.operatore.nome}`}</OperatorName>
            ),
          },
          { key: "orario", name: "Orario", sortable: true },
          { key: "ore", name: "Ore", format: "hours", total: true },
          { key: "cliente", name: "Cliente", width: 200, sortable: true },
          { key: "contratto", name: "Contratto", width: 220, sortable: true },
          {
            key: "comunicazione",
            name: "Comunicazione",
            width: 300,
            exportField: false,
            hideable: false,
            // pinned to the grid's right edge: 'Segna come inviata' reachable at 1366 px (issue 32 item 4)
            frozen: "end",
            render: (r) => <SegnaInviata row={r} />,
          },
        ]}
      />
    </Box>
  );
}
