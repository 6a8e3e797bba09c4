/**
 * Service → assegnazione-risorse: a grid of days × shifts for one month (`?dal&al`), each cell a
 * ShiftCell driven by the service's assignment machine (debounced full reload after any change);
 * 'Assegna automaticamente' above it proposes operators for the uncovered places, marked in the cells
 * (the automatic staffing scope is the service page's, servizio-page.tsx); 'Conferma settimana' then
 * confirms a week's (or the month's) places in one action (conferma-periodo.tsx).
 */
import { Alert, Badge, Box, Button, HStack, Skeleton, Table, Text } from "@chakra-ui/react";
import { skipToken } from "@reduxjs/toolkit/query";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { errorMessage } from "../../../api/base";
import { useServizioQuery, useServiziQuery } from "../../../api/pianificazione/servizi.endpoints";
import { formatDate, formatGiornoBreve } from "../../../domain/format";
import { AutoAssegnazionePanel } from "../auto-assegnazione/auto-assegnazione-panel";
import { MSG } from "../common/messages";
import { type MonthRange, monthLabel, monthOf, shiftMonth } from "../common/month-range";
import { AggiungiGiorno, GiornoEdit } from "../servizi/piano-edit";
import { AssignmentScope } from "./assignment-context";
import { ConfermaPeriodo, EsitoConfermaPeriodo } from "./conferma-periodo";
import { OperatorePeriodo, OperatorePeriodoEsito } from "./operatore-periodo";
import { ShiftCell } from "./shift-cell";

const STICKY_DAY = {
  position: "sticky",
  left: 0,
  zIndex: 1,
  bg: "bg",
  minW: "150px",
  borderRightWidth: "1px",
} as const;

export function AssignmentGrid({ idContratto, idServizio }: { idContratto: string; idServizio: string }) {
  const [params, setParams] = useSearchParams();
  // Without a month in the URL the grid opens on the service's first month.
  const servizi = useServiziQuery(idContratto);
  const first = servizi.data?.find((s) => String(s.id) === idServizio)?.dal;
  const range: MonthRange | undefined =
    params.get("dal") && params.get("al")
      ? { dal: params.get("dal")!, al: params.get("al")! }
      : first
        ? monthOf(first)
        : servizi.isError
          ? monthOf(new Date())
          : undefined;
  const { data, error, isLoading } = useServizioQuery(range ? { idContratto, idServizio, ...range } : skipToken);
  const go = (r: MonthRange) => setParams({ dal: r.dal, al: r.al });
  const base = `/pianificazione/contratti/${idContratto}/servizi/${idServizio}`;
  const ids = { idContratto, idServizio };
  // Days up to bloccato_fino_al are in the past: changed only by derogation (issue 15 item 3).
  const bloccato = (g: { giorno: string }) => Boolean(data?.bloccato_fino_al && g.giorno <= data.bloccato_fino_al);
  const maxTurni = Math.max(0, ...(data?.giorni ?? []).map((g) => g.turni.length));

  return (
    <AssignmentScope idContratto={idContratto} idServizio={idServizio}>
      {range && (
        <HStack mb="3" gap="2">
          <Button size="sm" variant="outline" onClick={() => go(shiftMonth(range, -1))} aria-label="Mese precedente">
            ‹
          </Button>
          <Text fontWeight="semibold" minW="40" textAlign="center" textTransform="capitalize">
            {monthLabel(range)}
          </Text>
          <Button size="sm" variant="outline" onClick={() => go(shiftMonth(range, 1))} aria-label="Mese successivo">
            ›
          </Button>
          {data && (data.dal > range.al || data.al < range.dal) && (
            <Button size="sm" variant="ghost" onClick={() => go(monthOf(data.dal))}>
              Vai all'inizio del servizio
            </Button>
          )}
          <Box flex="1" />
          <OperatorePeriodo {...ids} dal={range.dal} al={range.al} />
          <AggiungiGiorno {...ids} />
        </HStack>
      )}
      {range && (
        <HStack mb="3" align="start" wrap="wrap">
          <OperatorePeriodoEsito />
          <AutoAssegnazionePanel dal={range.dal} al={range.al} servizi={[Number(idServizio)]} />
          {data && <ConfermaPeriodo servizio={data} month={range} />}
        </HStack>
      )}
      <EsitoConfermaPeriodo />
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{MSG.requestError(errorMessage(error))}</Alert.Title>
        </Alert.Root>
      )}
      {(isLoading || !range) && !error && <Skeleton height="40" />}
      {data && data.giorni.length === 0 && <Text>Nessun giorno del servizio in questo mese</Text>}
      {data && data.giorni.length > 0 && (
        <Box overflowX="auto">
          <Table.Root size="sm" aria-label="Assegnazione risorse">
            <Table.Header>
              <Table.Row>
                {/* The day stays in view while the shifts scroll sideways (issue 32 item 5). */}
                <Table.ColumnHeader {...STICKY_DAY}>Giorno</Table.ColumnHeader>
                {Array.from({ length: maxTurni }, (_, i) => `Turno ${i + 1}`).map((label) => (
                  <Table.ColumnHeader key={label}>{label}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.giorni.map((g) => (
                <Table.Row key={g.id}>
                  <Table.Cell verticalAlign="top" {...STICKY_DAY}>
                    <Text fontWeight="semibold" title={formatDate(g.giorno)}>
                      {formatGiornoBreve(g.giorno)}
                      {bloccato(g) && (
                        <Badge
                          ml="2"
                          colorPalette="gray"
                          title="Giorno passato: si modifica solo con una deroga motivata"
                        >
                          Passato
                        </Badge>
                      )}
                    </Text>
                    <Button size="2xs" variant="ghost" asChild>
                      <RouterLink to={`${base}/giorno/${g.id}/assegnazione-avanzata`}>Assegnazione avanzata</RouterLink>
                    </Button>
                    <Button size="2xs" variant="ghost" asChild>
                      <RouterLink to={`${base}/giorno/${g.id}/consolidamento-avanzato`}>Consolidamento</RouterLink>
                    </Button>
                    <GiornoEdit ids={ids} giorno={g} bloccato={bloccato(g)} />
                  </Table.Cell>
                  {g.turni.map((t) => (
                    <Table.Cell key={t.id} verticalAlign="top">
                      <ShiftCell base={base} ids={ids} giorno={g} turno={t} bloccato={bloccato(g)} />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </AssignmentScope>
  );
}
