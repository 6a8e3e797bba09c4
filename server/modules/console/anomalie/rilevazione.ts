/**
 * Anomaly detection (issue 12 item 4): one INSERT … SELECT … ON CONFLICT DO NOTHING over the
 * assignments in scope, with the audit entry of every new anomaly in the same statement. The
 * table's UNIQUE (turno_id, operatore_id, tipo) makes it idempotent: the schedule (the
 * 'rileva-anomalie' job, every minute, once across workers: server/lib/jobs.ts) and each check-in
 * (in the check-in's transaction, for that shift and operator) may run it as often as they like.
 *
 * Per assignment — planned start/end = first/last instant of its periods; N and M are the
 * contract's `anomalie_minuti` (default 15) and `anomalie_distanza_m` (default 300); first
 * check-in / last check-out from app_timbrature, at the time each is judged on (data_ora_valida) and
 * only those within the shift (erp_timbratura_nel_turno: planned span ± 60 minutes, issue 30 item 1):
 * - mancato_ingresso: N minutes after the start have passed and no check-in came by then
 *   (only for operators with the app: `operatori.applicazione`);
 * - ritardo: the first check-in is more than 5 minutes (ANOMALIE_TOLLERANZA_MINUTI) after the start;
 * - uscita_anticipata: the last check-out is more than 5 minutes before the end;
 * - mancata_uscita: checked in, N minutes after the end have passed and no check-out;
 * - distanza: the first check-in is more than M metres from the service's coordinates;
 * - turno_non_assegnato: a check-in on a shift the operator is not assigned to (from the check-in);
 * - fuori_turno: a check-in/out of the assignment outside its shift (kept, counting nothing);
 * - oltre_previsto: checked in more than N minutes before the start or out more than N after the
 *   end — worked hours beyond the plan, for the office to approve (minutes beyond);
 * - sincronizzata_ritardo: a check-in/out received more than SINCRONIZZAZIONE_FORTE_RITARDO_MINUTI
 *   after its device time (minutes), whatever the app says of its outbox.
 * A mancata_uscita (mancato_ingresso) still open is closed by the same statement when the check-out
 * (a check-in in time) arrives later, synced late: note RISOLTA_*, audited (issue 32 item 7).
 * The schedule looks at assignments that started in the last 24 hours (RILEVAZIONE_ORE): an older
 * shift keeps what was detected while it was in the window.
 */
import { sql } from "drizzle-orm";
import { ANOMALIE_TOLLERANZA_MINUTI } from "../../../../src/domain/contracts/console/anomalie/schemas";
import { SINCRONIZZAZIONE_FORTE_RITARDO_MINUTI } from "../../../../src/domain/hours/checkins";
import type { Executor } from "../../../db/client";
import { queryRowsPrepared } from "../../../db/query";
import { auditAnomalieCte } from "./audit-anomalie";

export { ANOMALIA_CONTENT_TYPE } from "./audit-anomalie";
/** The note of an anomaly the server closes because the missing check-in/out arrived late. */
export const RISOLTA_USCITA = "Risolta automaticamente: l'uscita è arrivata in ritardo (sincronizzata dall'app)";
export const RISOLTA_INGRESSO =
  "Risolta automaticamente: l'ingresso, fatto in tempo, è arrivato in ritardo (sincronizzato dall'app)";
/** The schedule's window: assignments whose planned start is at most this many hours ago. */
export const RILEVAZIONE_ORE = 24;

export interface NuovaAnomalia {
  id: number;
  tipo: string;
}

/** One shift and operator (a check-in), or every assignment that started in the window. */
export type Ambito = { turnoId: number; operatoreId: number } | "finestra";

/** Detects as of `now`; `rilevataIl` is when the server saw it (a late-synced check-in: later than `now`). */
export async function rilevaAnomalie(
  ex: Executor,
  now: Date,
  ambito: Ambito,
  rilevataIl: Date = now,
): Promise<NuovaAnomalia[]> {
  const inScope =
    ambito === "finestra"
      ? sql`tor.id IN (SELECT p.turno_operatore_id FROM turni_operatori_periodi p
                        WHERE lower(p.periodo) > ${now}::timestamptz - ${sql.raw(`interval '${RILEVAZIONE_ORE} hours'`)}
                          AND lower(p.periodo) <= ${now}::timestamptz)`
      : sql`tor.turno_id = ${ambito.turnoId} AND tor.operatore_id = ${ambito.operatoreId}`;
  const nonAssegnate =
    ambito === "finestra"
      ? sql`w.ricevuta_il > ${now}::timestamptz - ${sql.raw(`interval '${RILEVAZIONE_ORE} hours'`)}`
      : sql`w.turno_id = ${ambito.turnoId} AND w.operatore_id = ${ambito.operatoreId}`;
  const tol = sql.raw(`interval '${ANOMALIE_TOLLERANZA_MINUTI} minutes'`);
  const forteRitardo = sql.raw(`interval '${SINCRONIZZAZIONE_FORTE_RITARDO_MINUTI} minutes'`);
  // A named prepared statement on PostgreSQL (two fixed shapes): planning this statement costs more
  // than running it for one check-in (~13 ms against ~1 ms), so each connection plans it once.
  return queryRowsPrepared<NuovaAnomalia>(
    ex,
    sql`WITH a AS (
          SELECT tor.turno_id, tor.operatore_id, o.applicazione, c.anomalie_minuti AS n, c.anomalie_distanza_m AS m,
                 s.lat, s.lng,
                 (SELECT min(lower(p.periodo)) FROM turni_operatori_periodi p WHERE p.turno_operatore_id = tor.id) AS inizio,
                 (SELECT max(upper(p.periodo)) FROM turni_operatori_periodi p WHERE p.turno_operatore_id = tor.id) AS fine
            FROM turni_operatori tor
            JOIN operatori o ON o.id = tor.operatore_id
            JOIN turni t ON t.id = tor.turno_id
            JOIN giorni g ON g.id = t.giorno_id
            JOIN servizi s ON s.id = g.servizio_id
            JOIN contratti c ON c.id = s.contratto_id
           WHERE ${inScope}
        ), x AS (
          SELECT a.*, i.data_ora_valida AS ingresso, i.lat AS i_lat, i.lng AS i_lng,
                 (SELECT max(w.data_ora_valida) FROM app_timbrature w
                   WHERE w.turno_id = a.turno_id AND w.operatore_id = a.operatore_id AND w.tipo = 'uscita'
                     AND erp_timbratura_nel_turno(w.data_ora_valida, a.inizio, a.fine)) AS uscita
            FROM a
            LEFT JOIN LATERAL (
              SELECT w.data_ora_valida, w.lat, w.lng FROM app_timbrature w
               WHERE w.turno_id = a.turno_id AND w.operatore_id = a.operatore_id AND w.tipo = 'ingresso'
                 AND erp_timbratura_nel_turno(w.data_ora_valida, a.inizio, a.fine)
               ORDER BY w.data_ora_valida, w.id LIMIT 1) i ON true
           WHERE a.inizio IS NOT NULL
        ), tw AS (
          SELECT x.turno_id, x.operatore_id, w.data_ora, w.data_ora_valida, w.ricevuta_il,
                 erp_timbratura_nel_turno(w.data_ora_valida, x.inizio, x.fine) AS nel_turno,
                 round(extract(epoch FROM greatest(x.inizio - w.data_ora_valida, w.data_ora_valida - x.fine)) / 60)::int AS fuori_min
            FROM x JOIN app_timbrature w ON w.turno_id = x.turno_id AND w.operatore_id = x.operatore_id
        ), trovate (turno_id, operatore_id, tipo, data_ora, valore) AS (
          SELECT turno_id, operatore_id, 'mancato_ingresso', inizio + make_interval(mins => n), n FROM x
           WHERE applicazione AND inizio + make_interval(mins => n) <= ${now}::timestamptz
             AND (ingresso IS NULL OR ingresso > inizio + make_interval(mins => n))
          UNION ALL
          SELECT turno_id, operatore_id, 'ritardo', ingresso, round(extract(epoch FROM ingresso - inizio) / 60)::int FROM x
           WHERE ingresso > inizio + ${tol}
          UNION ALL
          SELECT turno_id, operatore_id, 'uscita_anticipata', uscita, round(extract(epoch FROM fine - uscita) / 60)::int FROM x
           WHERE uscita < fine - ${tol}
          UNION ALL
          SELECT turno_id, operatore_id, 'mancata_uscita', fine + make_interval(mins => n), n FROM x
           WHERE ingresso IS NOT NULL AND uscita IS NULL AND fine + make_interval(mins => n) <= ${now}::timestamptz
          UNION ALL
          SELECT turno_id, operatore_id, 'distanza', ingresso, erp_distanza_m(lat, lng, i_lat, i_lng) FROM x
           WHERE ingresso IS NOT NULL AND lat IS NOT NULL AND lng IS NOT NULL
             AND erp_distanza_m(lat, lng, i_lat, i_lng) > m
          UNION ALL
          SELECT turno_id, operatore_id, 'oltre_previsto', coalesce(uscita, ingresso),
                 round(extract(epoch FROM greatest(inizio - ingresso, interval '0') + greatest(uscita - fine, interval '0')) / 60)::int
            FROM x
           WHERE ingresso < inizio - make_interval(mins => n) OR uscita > fine + make_interval(mins => n)
          UNION ALL
          (SELECT DISTINCT ON (turno_id, operatore_id) turno_id, operatore_id, 'fuori_turno', data_ora_valida, fuori_min
             FROM tw WHERE NOT nel_turno ORDER BY turno_id, operatore_id, data_ora_valida)
          UNION ALL
          (SELECT DISTINCT ON (turno_id, operatore_id) turno_id, operatore_id, 'sincronizzata_ritardo', data_ora,
                  round(extract(epoch FROM ricevuta_il - data_ora) / 60)::int
             FROM tw WHERE ricevuta_il - data_ora > ${forteRitardo}
            ORDER BY turno_id, operatore_id, ricevuta_il - data_ora DESC)
          UNION ALL
          (SELECT DISTINCT ON (w.turno_id, w.operatore_id) w.turno_id, w.operatore_id, 'turno_non_assegnato', w.data_ora, NULL::int
             FROM app_timbrature w
            WHERE NOT w.assegnato AND ${nonAssegnate}
            ORDER BY w.turno_id, w.operatore_id, w.data_ora)
        ), nuove AS (
          INSERT INTO anomalie (turno_id, operatore_id, tipo, data_ora, rilevata_il, valore)
          SELECT turno_id, operatore_id, tipo, data_ora, ${rilevataIl}::timestamptz, valore FROM trovate
          ON CONFLICT (turno_id, operatore_id, tipo) WHERE ronda_id IS NULL DO NOTHING
          RETURNING id, turno_id, operatore_id, tipo
        ), chiuse AS (
          -- A late-synced check-in/out resolves what its absence raised: closed by the server, with
          -- the reason, so it leaves the header's count (issue 32 item 7).
          UPDATE anomalie an SET stato = 'chiusa', gestita_il = ${rilevataIl}::timestamptz,
                 note = CASE WHEN an.note = '' THEN r.motivo ELSE an.note || E'\n' || r.motivo END
            FROM (SELECT turno_id, operatore_id, 'mancata_uscita'::text AS tipo, ${RISOLTA_USCITA}::text AS motivo
                    FROM x WHERE uscita IS NOT NULL
                  UNION ALL
                  SELECT turno_id, operatore_id, 'mancato_ingresso', ${RISOLTA_INGRESSO}::text
                    FROM x WHERE ingresso IS NOT NULL AND ingresso <= inizio + make_interval(mins => n)) r
           WHERE an.turno_id = r.turno_id AND an.operatore_id = r.operatore_id AND an.tipo = r.tipo
             AND an.stato = 'aperta'
          RETURNING an.id, an.turno_id, an.operatore_id, an.tipo
        ), ${auditAnomalieCte()}
        SELECT id, tipo FROM nuove ORDER BY id`,
  );
}
