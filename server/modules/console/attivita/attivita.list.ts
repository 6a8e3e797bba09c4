/**
 * GET /api/comunicazioni/attivita/ on the list engine: each assignment (turni_operatori) with its
 * planned periods (turni_operatori_periodi: the exact instants, split shifts and midnight
 * included) against the app's check-ins (app_timbrature: first 'ingresso', last 'uscita', at the
 * time each is judged on and only within the shift — src/domain/hours/checkins.ts).
 * Distance: haversine from the check-in to the service's coordinates, in metres.
 */
import { sql } from "drizzle-orm";
import { AttivitaList } from "../../../../src/domain/contracts/console/attivita/schemas";
import { defineList } from "../../../lib/list";

const inizio = sql`(SELECT min(lower(p.periodo)) FROM turni_operatori_periodi p WHERE p.turno_operatore_id = tor.id)`;
const fine = sql`(SELECT max(upper(p.periodo)) FROM turni_operatori_periodi p WHERE p.turno_operatore_id = tor.id)`;
/** The check-ins/outs that count: within the shift, at the time each is judged on (issue 30 item 1). */
const nelTurno = sql`erp_timbratura_nel_turno(a.data_ora_valida, ${inizio}, ${fine})`;
const ingresso = sql`(SELECT min(a.data_ora_valida) FROM app_timbrature a
  WHERE a.turno_id = tor.turno_id AND a.operatore_id = tor.operatore_id AND a.tipo = 'ingresso' AND ${nelTurno})`;
const uscita = sql`(SELECT max(a.data_ora_valida) FROM app_timbrature a
  WHERE a.turno_id = tor.turno_id AND a.operatore_id = tor.operatore_id AND a.tipo = 'uscita' AND ${nelTurno})`;
const minutes = (from: typeof inizio, to: typeof inizio) => sql`round(extract(epoch FROM (${to} - ${from})) / 60)::int`;
const distanza = sql`(SELECT round(2 * 6371000 * asin(sqrt(
      power(sin(radians(a.lat - s.lat) / 2), 2) +
      cos(radians(s.lat)) * cos(radians(a.lat)) * power(sin(radians(a.lng - s.lng) / 2), 2))))::int
    FROM app_timbrature a
   WHERE a.turno_id = tor.turno_id AND a.operatore_id = tor.operatore_id AND a.tipo = 'ingresso'
     AND s.lat IS NOT NULL AND s.lng IS NOT NULL AND ${nelTurno}
   ORDER BY a.data_ora_valida LIMIT 1)`;

export const attivitaList = defineList(AttivitaList, {
  from: sql`turni_operatori tor
    JOIN turni t ON t.id = tor.turno_id
    JOIN giorni g ON g.id = t.giorno_id
    JOIN servizi s ON s.id = g.servizio_id
    JOIN contratti c ON c.id = s.contratto_id
    JOIN clienti cl ON cl.id = c.cliente_id
    JOIN operatori o ON o.id = tor.operatore_id`,
  key: sql`tor.id`,
  sql: {
    id: sql`tor.id`,
    giorno: sql`g.giorno`,
    cliente: sql`cl.ragione_sociale`,
    cliente_id: sql`cl.id`,
    servizio: sql`coalesce(nullif(s.descrizione, ''), c.titolo)`,
    servizio_id: sql`s.id`,
    operatore: { sql: sql`trim(o.cognome || ' ' || o.nome)`, orderBy: sql`lower(o.cognome), lower(o.nome)` },
    operatore_id: sql`o.id`,
    inizio_previsto: sql`${inizio}`,
    fine_prevista: sql`${fine}`,
    ingresso: sql`${ingresso}`,
    uscita: sql`${uscita}`,
    ritardo_minuti: sql`${minutes(inizio, ingresso)}`,
    anticipo_uscita_minuti: sql`${minutes(uscita, fine)}`,
    distanza_m: distanza,
    ore_previste: sql`coalesce((SELECT sum(extract(epoch FROM upper(p.periodo) - lower(p.periodo)))::int
      FROM turni_operatori_periodi p WHERE p.turno_operatore_id = tor.id), 0)`,
    ore_lavorate: sql`extract(epoch FROM (${uscita} - ${ingresso}))::int`,
  },
});
