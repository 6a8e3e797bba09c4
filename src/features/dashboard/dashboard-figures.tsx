/**
 * The dashboard's figures (GET /api/report/dashboard/, one request): today's shifts, the expiries
 * within 30 days, the open tickets, the anomalies to handle and the events in progress (present only
 * for who may open their lists), this month's revenue, pay and margin — each a link to the list that
 * explains it, filtered, when the user may open that list; the month's money as a chart too
 * (month-chart.tsx, its own chunk). Loaded lazily by dashboard-page.tsx.
 */
import { Alert, Box, Card, Heading, Link, SimpleGrid, Skeleton, Stat, Text } from "@chakra-ui/react";
import { lazy, type ReactNode, Suspense } from "react";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { useGetDashboardQuery } from "../../api/report/dashboard.endpoints";
import { formatDate, formatEuro } from "../../domain/format";
import { CAPABILITIES, hasAny } from "../../domain/permissions";
import { usePermissions } from "../../machines/session-context";
import { TURNI_COPERTURA, turniDelGiorno } from "./turni-url";

const MonthChart = lazy(() => import("./month-chart").then((m) => ({ default: m.MonthChart })));
// The list behind a figure (a data grid): its code only when the URL asks for it.
const TurniDelGiorno = lazy(() => import("./turni-del-giorno").then((m) => ({ default: m.TurniDelGiorno })));

/** The control room's tab of the events running now. */
const EVENTI_IN_CORSO = "/cms/control-room/eventi-in-corso";

/** `?f.<k>=<v>` of a list's URL (components/lists/list-url.ts). */
const filtered = (path: string, filters: Record<string, string>) =>
  `${path}?${new URLSearchParams(Object.entries(filters).map(([k, v]) => [`f.${k}`, v]))}`;

function Figure({ label, value, to, help }: { label: string; value: ReactNode; to?: string; help?: string }) {
  return (
    <Stat.Root>
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText>
        {to ? (
          <Link asChild color="blue.600">
            <RouterLink to={to}>{value}</RouterLink>
          </Link>
        ) : (
          value
        )}
      </Stat.ValueText>
      {/* a <dd> (Chakra's is a <span>): a <dl> holds only <dt> and <dd> (axe: definition-list) */}
      {help && <Stat.HelpText as="dd">{help}</Stat.HelpText>}
    </Stat.Root>
  );
}

function Section({ title, children, columns = 2 }: { title: string; children: ReactNode; columns?: number }) {
  return (
    <Card.Root variant="outline" size="sm">
      <Card.Header>
        <Heading as="h3" size="sm">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={{ base: 2, md: columns }} gap="3">
          {children}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}

export function DashboardFigures() {
  const { data, error, isLoading } = useGetDashboardQuery();
  const can = usePermissions();
  const [params] = useSearchParams();
  if (isLoading) return <Skeleton height="48" />;
  if (error || !data)
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>Impossibile caricare i dati della dashboard</Alert.Title>
      </Alert.Root>
    );
  const oggi = { dal: data.oggi, al: data.oggi };
  const turni = hasAny(can, CAPABILITIES.risorseAssegnate) ? filtered("/report/risorse-assegnate", oggi) : undefined;
  const link = (cap: readonly string[], path: string, f: Record<string, string>) =>
    hasAny(can, cap) ? filtered(path, f) : undefined;
  const { mese } = data;
  const daSeguire = (data.ticket_aperti ?? data.anomalie_aperte ?? data.eventi_in_corso) !== undefined;
  const scadenze = (data.scadenze.documenti ?? data.scadenze.corsi) !== undefined;
  return (
    <>
      {/* One screen (1366×768): the day's three sections side by side, the month beside its chart. */}
      <SimpleGrid columns={{ base: 1, lg: 1 + Number(scadenze) + Number(daSeguire) }} gap="4">
        <Section title={`Turni di oggi (${formatDate(data.oggi)})`}>
          <Figure label="Turni" value={data.turni.totale} />
          <Figure label="Coperti" value={data.turni.coperti} to={turni} />
          <Figure
            label="Scoperti"
            value={data.turni.scoperti}
            to={turniDelGiorno(data.oggi, "scoperti")}
            help="Meno operatori dei richiesti"
          />
          <Figure
            label="Da confermare"
            value={data.turni.non_confermati}
            to={turniDelGiorno(data.oggi, "non_confermati")}
            help="Con un operatore non confermato"
          />
        </Section>
        {scadenze && (
          <Section title={`Scadenze entro il ${formatDate(data.scadenze.entro)}`}>
            {data.scadenze.documenti !== undefined && (
              <Figure
                label="Documenti"
                value={data.scadenze.documenti}
                to={link(CAPABILITIES.scadenzeDocumenti, "/report/scadenze-documenti", { entro: data.scadenze.entro })}
                help="Scaduti compresi"
              />
            )}
            {data.scadenze.corsi !== undefined && (
              <Figure
                label="Corsi"
                value={data.scadenze.corsi}
                to={link(CAPABILITIES.scadenzeCorsi, "/report/scadenze-corsi", { entro: data.scadenze.entro })}
                help="Scaduti compresi"
              />
            )}
          </Section>
        )}
        {daSeguire && (
          <Section title="Da seguire">
            {data.ticket_aperti !== undefined && (
              <Figure
                label="Ticket aperti"
                value={data.ticket_aperti}
                to={link(CAPABILITIES.ticketSupporto, "/console/ticket-supporto", { stato: "aperto" })}
              />
            )}
            {data.anomalie_aperte !== undefined && (
              <Figure
                label="Anomalie da gestire"
                value={data.anomalie_aperte}
                to={link(CAPABILITIES.anomalie, "/console/anomalie", { stato: "aperta" })}
                help="Stato aperta"
              />
            )}
            {data.eventi_in_corso !== undefined && (
              <Figure
                label="Eventi in corso"
                value={data.eventi_in_corso}
                to={hasAny(can, CAPABILITIES.cmsControlRoom) ? EVENTI_IN_CORSO : undefined}
              />
            )}
          </Section>
        )}
      </SimpleGrid>
      {params.has(TURNI_COPERTURA) && (
        <Suspense fallback={<Skeleton height="40" />}>
          <TurniDelGiorno />
        </Suspense>
      )}
      {mese.margine !== undefined && (
        <Section title={`Questo mese (${formatDate(mese.dal)} – ${formatDate(mese.al)})`} columns={6}>
          <Figure
            label="Ricavi"
            value={formatEuro(mese.ricavi)}
            to={link(CAPABILITIES.ricaviAttivita, "/report/ricavi-attivita", { dal: mese.dal, al: mese.al })}
          />
          <Figure
            label="Compensi"
            value={formatEuro(mese.compensi)}
            to={link(CAPABILITIES.compensi, "/report/compensi", { dal: mese.dal, al: mese.al })}
          />
          <Figure label="Costi del servizio" value={formatEuro(mese.costi)} />
          <Figure
            label="Margine"
            value={
              <Text as="span" color={(mese.margine ?? 0) < 0 ? "red.600" : undefined}>
                {formatEuro(mese.margine)}
              </Text>
            }
            to={link(CAPABILITIES.marginalita, "/report/analisi-ricavi", { dal: mese.dal, al: mese.al })}
          />
          <Box gridColumn={{ base: "1 / -1", md: "span 2" }}>
            <Suspense fallback={<Skeleton height="40" />}>
              <MonthChart
                ricavi={mese.ricavi ?? 0}
                compensi={mese.compensi ?? 0}
                costi={mese.costi ?? 0}
                margine={mese.margine}
              />
            </Suspense>
          </Box>
        </Section>
      )}
    </>
  );
}
