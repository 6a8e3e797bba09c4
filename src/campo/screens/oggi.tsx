/**
 * Oggi: the company's unread messages first, then the guard's shifts of today and the next 7 days
 * — client, service, the site's address as a link that opens the phone's maps, times, confirmed
 * or not — each with its check-in/out buttons and what was recorded.
 */
import { Badge, Box, Button, chakra, Flex, Stack, Text } from "@chakra-ui/react";
import type { AppComunicazione, AppTurno } from "../../domain/contracts/console/app-guardie/schemas";
import { formatGiornoBreve, formatTime } from "../../domain/format";
import { addDays, instantToRome } from "../../domain/shift-rules";
import { campoApi, campoErrorMessage } from "../api";
import { ComunicazioneCard, unreadFirst } from "./comunicazioni";

export const GIORNI_AVANTI = 7;

/** A link the phone opens in its maps app: the coordinates when known, else the address. */
export function mapsUrl(t: Pick<AppTurno, "lat" | "lng" | "indirizzo">): string {
  const q = t.lat !== null && t.lng !== null ? `${t.lat},${t.lng}` : t.indirizzo;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(q)}`;
}

const MapsLink = chakra("a", {
  base: { display: "inline-flex", alignItems: "center", minH: "48px", color: "blue.700", textDecoration: "underline" },
});

function orario(t: AppTurno): string {
  const f1 = `${formatTime(t.inizio_f1)}–${formatTime(t.fine_f1)}`;
  return t.inizio_f2 && t.fine_f2 ? `${f1}, ${formatTime(t.inizio_f2)}–${formatTime(t.fine_f2)}` : f1;
}

function giornoLabel(day: string, oggi: string): string {
  if (day === oggi) return "Oggi";
  if (day === addDays(oggi, -1)) return "Ieri";
  if (day === addDays(oggi, 1)) return "Domani";
  return formatGiornoBreve(day);
}

/** Yesterday's shift checked in and not yet out. */
function aperto(t: AppTurno, oggi: string): boolean {
  return (
    t.giorno === addDays(oggi, -1) &&
    t.timbrature.some((x) => x.tipo === "ingresso") &&
    !t.timbrature.some((x) => x.tipo === "uscita")
  );
}

export interface TurnoActions {
  renderTimbra?: (t: AppTurno) => React.ReactNode;
}

/**
 * Only today's shifts can be checked into — and yesterday's still open (checked in, not out: a
 * night shift past midnight); the coming days are shown to plan.
 */
export function TurnoCard({ t, actions, oggi }: { t: AppTurno; actions?: TurnoActions; oggi: string }) {
  return (
    <Box as="article" aria-label={`Turno ${t.cliente} ${orario(t)}`} borderWidth="1px" rounded="md" p="3">
      <Flex justify="space-between" gap="2" align="flex-start">
        <Text fontWeight="bold" fontSize="lg">
          {orario(t)}
        </Text>
        {t.confermato ? (
          <Badge colorPalette="green">Confermato</Badge>
        ) : (
          <Badge colorPalette="orange">Da confermare</Badge>
        )}
      </Flex>
      <Text fontWeight="semibold">{t.cliente}</Text>
      <Text fontSize="sm" color="gray.700">
        {t.servizio} · {t.contratto}
      </Text>
      {t.indirizzo && (
        <MapsLink href={mapsUrl(t)} target="_blank" rel="noopener">
          {t.indirizzo}
        </MapsLink>
      )}
      {(t.giorno === oggi || aperto(t, oggi)) && actions?.renderTimbra?.(t)}
    </Box>
  );
}

export function OggiScreen({
  now = Date.now(),
  inCoda,
  onLetta,
  actions,
}: {
  now?: number;
  inCoda: (id: number) => boolean;
  onLetta: (c: AppComunicazione) => void;
  actions?: TurnoActions;
}) {
  const turni = campoApi.useTurniQuery();
  const comunicazioni = campoApi.useComunicazioniQuery();
  const oggi = instantToRome(now).day;
  const fino = addDays(oggi, GIORNI_AVANTI);
  const daLeggere = unreadFirst(comunicazioni.data?.results ?? []).filter((c) => c.letta_il === null);
  const prossimi = (turni.data?.results ?? []).filter((t) => (t.giorno >= oggi && t.giorno <= fino) || aperto(t, oggi));
  const giorni = [...new Set(prossimi.map((t) => t.giorno))];
  return (
    <Stack gap="4">
      {daLeggere.length > 0 && (
        <Stack gap="2" as="section" aria-label="Da leggere">
          <Text as="h2" fontSize="lg" fontWeight="bold">
            Da leggere ({daLeggere.length})
          </Text>
          {daLeggere.map((c) => (
            <ComunicazioneCard key={c.id} c={c} inCoda={inCoda(c.id)} onLetta={onLetta} />
          ))}
        </Stack>
      )}
      <Text as="h1" fontSize="xl" fontWeight="bold">
        I miei turni
      </Text>
      {turni.isLoading && <Text>Caricamento…</Text>}
      {turni.error && !turni.data && <Text role="alert">{campoErrorMessage(turni.error)}</Text>}
      {turni.data && giorni.length === 0 && <Text>Nessun turno nei prossimi {GIORNI_AVANTI} giorni.</Text>}
      {giorni.map((g) => (
        <Stack key={g} gap="2" as="section" aria-label={giornoLabel(g, oggi)}>
          <Text as="h2" fontSize="md" fontWeight="bold" color="gray.700">
            {giornoLabel(g, oggi)}
          </Text>
          {prossimi
            .filter((t) => t.giorno === g)
            .map((t) => (
              <TurnoCard key={t.id} t={t} actions={actions} oggi={oggi} />
            ))}
        </Stack>
      ))}
      <Button variant="outline" onClick={() => void turni.refetch()}>
        Aggiorna
      </Button>
    </Stack>
  );
}
