/**
 * /fatturazione/paghe (issue 35 item 3): the payroll month. Once every contract of the month is
 * approved in the Consuntivo, each guard's hours by causale (ordinario, straordinario, notturno,
 * festivo, domenicale, ferie, assenza; rest days counted) and the downloads: the presence file for the
 * labour consultant in the layout of the settings, and each guard's Libro Unico presence calendar
 * (PDF). Until then the page says which contracts are still to approve.
 */
import { Badge, Box, Button, Heading, HStack, Table, Text } from "@chakra-ui/react";
import { errorMessage } from "../../../api/base";
import { usePagheMeseQuery } from "../../../api/fatturazione/paghe.endpoints";
import { CAUSALI, CAUSALI_ETICHETTE } from "../../../domain/contracts/fatturazione/paghe";
import { secondsToHours } from "../../../domain/format";
import { downloadFile } from "../../../lib/download";
import { notify } from "../../../lib/toaster";
import { useMeseSelect } from "../common/mese-select";

const ORE = CAUSALI.filter((c) => c !== "riposo");

const scarica = (url: string, nome: string) =>
  downloadFile(url, nome).catch((e: unknown) => notify.error(errorMessage(e)));

export function PaghePage() {
  const { mese, select } = useMeseSelect("Mese", 1);
  const { data, isFetching } = usePagheMeseQuery(mese);
  return (
    <Box p="4">
      <Heading size="lg" mb="1">
        Presenze per le paghe
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        Le ore approvate nel Consuntivo, per operatore e giorno, con le causali del consulente del lavoro. Il file e il
        calendario del Libro Unico si scaricano quando tutti i contratti del mese sono approvati.
      </Text>
      <HStack gap="2" mb="3">
        {select}
        {data?.approvato && (
          <Button
            size="sm"
            onClick={() => scarica(`/api/fatturazione/paghe/file/?mese=${mese}`, `presenze-${mese}.txt`)}
          >
            Scarica file presenze
          </Button>
        )}
      </HStack>
      {data && !isFetching && !data.approvato && (
        <Box role="status" borderWidth="1px" borderColor="orange.300" p="3" rounded="md" maxW="900px">
          <Badge colorPalette="orange" mb="1">
            Mese non approvato
          </Badge>
          <Text fontSize="sm">
            Approva nel Consuntivo ore {data.da_approvare.length === 1 ? "il contratto" : "i contratti"}:{" "}
            {data.da_approvare.map((c) => c.titolo).join(", ")}.
          </Text>
        </Box>
      )}
      {data?.approvato && data.operatori.length === 0 && <Text>Nessuna ora approvata nel mese.</Text>}
      {data?.approvato && data.operatori.length > 0 && (
        <Table.Root size="sm" aria-label="Presenze del mese" maxW="1200px">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Operatore</Table.ColumnHeader>
              <Table.ColumnHeader>Matricola</Table.ColumnHeader>
              {ORE.map((c) => (
                <Table.ColumnHeader key={c} textAlign="end">
                  {CAUSALI_ETICHETTE[c]}
                </Table.ColumnHeader>
              ))}
              <Table.ColumnHeader textAlign="end">Ore approvate</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.operatori.map((o) => (
              <Table.Row key={o.operatore_id}>
                <Table.Cell>
                  {o.cognome} {o.nome}
                </Table.Cell>
                <Table.Cell>{o.matricola}</Table.Cell>
                {ORE.map((c) => (
                  <Table.Cell key={c} textAlign="end">
                    {o.totali[c] ? secondsToHours(o.totali[c]) : ""}
                  </Table.Cell>
                ))}
                <Table.Cell textAlign="end">{secondsToHours(o.ore_approvate)}</Table.Cell>
                <Table.Cell>
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={`Calendario Libro Unico di ${o.cognome} ${o.nome}`}
                    onClick={() =>
                      scarica(
                        `/api/fatturazione/paghe/libro-unico/?mese=${mese}&operatore=${o.operatore_id}`,
                        `libro-unico-${mese}.pdf`,
                      )
                    }
                  >
                    Libro Unico (PDF)
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
            <Table.Row fontWeight="semibold">
              <Table.Cell>Totale</Table.Cell>
              <Table.Cell />
              {ORE.map((c) => (
                <Table.Cell key={c} textAlign="end">
                  {secondsToHours(data.totali[c])}
                </Table.Cell>
              ))}
              <Table.Cell textAlign="end">
                {secondsToHours(data.operatori.reduce((a, o) => a + o.ore_approvate, 0))}
              </Table.Cell>
              <Table.Cell />
            </Table.Row>
          </Table.Body>
        </Table.Root>
      )}
    </Box>
  );
}
