/**
 * Guard tours on the server (issue 34 items 2–3): creating the rounds of the plans and judging them.
 *
 * Creation (`generaRonde`): a plan runs every `ogni_minuti` minutes of *elapsed* time from `dalle`
 * to `alle` (Rome wall clock on each day of the service; `alle` not after `dalle` is the next
 * morning). On a clock-change night the rounds stay `ogni_minuti` apart in real time: the night of
 * the end of summer time (last Sunday of October) is an hour longer and may hold one round more, the
 * spring one an hour shorter (the legal time of Italy: L. 503/1965, DPCM for each year's summer time).
 * A round is created only at a time some shift of the service covers (a round without a guard on
 * duty is not a round); it copies the plan's points, order and tolerance. Future rounds not yet
 * walked follow the plan's changes; rounds already due are never rewritten.
 *
 * Judgement (`giudicaRonde`), from the scans' device times, never the phone's opinion:
 * - the round's window runs from its time − tolerance to the next round's time (`fine_finestra`);
 *   a scan counts for the round whose window holds it (or the round the guard started, if it holds
 *   the point); a point scanned twice counts once; scans arriving late or out of order are judged
 *   by their device time, so the order of arrival changes nothing;
 * - *completata*: every point scanned, the first within the tolerance of the time;
 * - *in ritardo*: every point scanned, the first after the tolerance;
 * - *incompleta*: the window closed with some points scanned and others not (listed one by one);
 * - *non eseguita*: the tolerance passed and no point was scanned;
 * - before that *prevista*, and *in corso* while the window is open and points are missing.
 * A round *incompleta* or *non eseguita* raises an anomaly (`ronda_incompleta`, `ronda_non_eseguita`)
 * in Console → Anomalie, one per round and kind, for the guard who walked it (else the first guard
 * assigned to the shift); if a late-synced scan changes the state, the anomaly that no longer
 * holds is closed by the server with the reason, as rilevazione.ts does for check-ins.
 * Both run in the 'ronde' job (every 5 minutes, once across workers) and a scan judges its own round
 * in its transaction.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { queryRows } from "../../../db/query";
import { BUSINESS_TZ } from "../../../lib/list/values";
import { auditAnomalieCte } from "../../console/anomalie/audit-anomalie";

const TZ = sql.raw(`'${BUSINESS_TZ}'`);
/** Rounds are created this far back and ahead of now. */
export const GENERA_ORE_PRIMA = 24;
export const GENERA_ORE_DOPO = 36;
/** The schedule judges the rounds due in the last hours (a scan judges its own round at any time). */
export const GIUDICA_ORE = 48;
export const RISOLTA_RONDA =
  "Risolta automaticamente: passaggi arrivati in ritardo dall'app hanno cambiato lo stato della ronda";

/** Creates the rounds due between now − 24 h and now + 36 h (of one plan, or all); their number. */
export async function generaRonde(ex: Executor, now: Date, pianoId?: number): Promise<number> {
  const da = new Date(now.getTime() - GENERA_ORE_PRIMA * 3600_000);
  const a = new Date(now.getTime() + GENERA_ORE_DOPO * 3600_000);
  const delPiano = pianoId === undefined ? sql`true` : sql`rp.id = ${pianoId}`;
  const dovute = sql`
    SELECT rp.id AS piano_id, rp.servizio_id,
           (SELECT c.cliente_id FROM servizi s JOIN contratti c ON c.id = s.contratto_id WHERE s.id = rp.servizio_id) AS cliente_id,
           rp.punti, rp.ordinato, rp.tolleranza_minuti,
           x AS previsto_il, x + make_interval(mins => rp.ogni_minuti) AS fine_finestra, t.id AS turno_id
      FROM ronde_piani rp
      JOIN giorni g ON g.servizio_id = rp.servizio_id
       AND g.giorno BETWEEN (${da}::timestamptz AT TIME ZONE ${TZ})::date - 1 AND (${a}::timestamptz AT TIME ZONE ${TZ})::date
      CROSS JOIN LATERAL generate_series(
        (g.giorno + rp.dalle) AT TIME ZONE ${TZ},
        ((g.giorno + CASE WHEN rp.alle <= rp.dalle THEN 1 ELSE 0 END) + rp.alle) AT TIME ZONE ${TZ} - interval '1 second',
        make_interval(mins => rp.ogni_minuti)) AS x
      JOIN LATERAL (
        SELECT t.id FROM turni t JOIN giorni g2 ON g2.id = t.giorno_id
         WHERE g2.servizio_id = rp.servizio_id AND g2.giorno BETWEEN g.giorno - 1 AND g.giorno + 1
           AND x >= (g2.giorno + t.inizio_f1) AT TIME ZONE ${TZ}
           AND x < ((g2.giorno + CASE WHEN coalesce(t.fine_f2, t.fine_f1) <= t.inizio_f1 THEN 1 ELSE 0 END)
                    + coalesce(t.fine_f2, t.fine_f1)) AT TIME ZONE ${TZ}
         ORDER BY t.id LIMIT 1) t ON true
     WHERE rp.attivo AND jsonb_array_length(rp.punti) > 0 AND ${delPiano}
       AND x >= ${da}::timestamptz AND x < ${a}::timestamptz`;
  // Future rounds nobody has walked follow the plan: those it no longer holds, or holds otherwise, go.
  await ex.execute(sql`
    DELETE FROM ronde r
     WHERE r.previsto_il > ${now}::timestamptz AND r.stato = 'prevista'
       AND ${pianoId === undefined ? sql`true` : sql`r.piano_id = ${pianoId}`}
       AND NOT EXISTS (SELECT 1 FROM ronde_passaggi p WHERE p.ronda_id = r.id)
       AND NOT EXISTS (SELECT 1 FROM (${dovute}) d
                        WHERE d.piano_id = r.piano_id AND d.previsto_il = r.previsto_il AND d.turno_id = r.turno_id
                          AND d.punti = r.punti AND d.ordinato = r.ordinata AND d.tolleranza_minuti = r.tolleranza_minuti
                          AND d.fine_finestra = r.fine_finestra)`);
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`INSERT INTO ronde (piano_id, servizio_id, cliente_id, turno_id, previsto_il, fine_finestra, tolleranza_minuti, ordinata, punti)
        SELECT piano_id, servizio_id, cliente_id, turno_id, previsto_il, fine_finestra, tolleranza_minuti, ordinato, punti
          FROM (${dovute}) d
        ON CONFLICT (piano_id, previsto_il) DO NOTHING
        RETURNING id`,
  );
  return rows.length;
}

export type AmbitoRonde = { rondaId: number } | "finestra";

export interface EsitoGiudizio {
  giudicate: number;
  anomalie: number;
}

/** Judges the rounds in scope as of `now` and raises or closes their anomalies. */
export async function giudicaRonde(ex: Executor, now: Date, ambito: AmbitoRonde): Promise<EsitoGiudizio> {
  const inScope =
    ambito === "finestra"
      ? sql`r.previsto_il > ${now}::timestamptz - ${sql.raw(`interval '${GIUDICA_ORE} hours'`)}
            AND r.previsto_il - make_interval(mins => r.tolleranza_minuti) <= ${now}::timestamptz`
      : sql`r.id = ${ambito.rondaId}`;
  const giudicate = await queryRows<{ id: number }>(
    ex,
    sql`WITH s AS (
          SELECT r.id, r.previsto_il + make_interval(mins => r.tolleranza_minuti) AS limite, r.fine_finestra,
                 (SELECT min(p.data_ora) FROM ronde_passaggi p WHERE p.ronda_id = r.id) AS primo,
                 (SELECT max(p.data_ora) FROM ronde_passaggi p WHERE p.ronda_id = r.id) AS ultimo,
                 (SELECT p.operatore_id FROM ronde_passaggi p WHERE p.ronda_id = r.id ORDER BY p.data_ora, p.id LIMIT 1) AS operatore_id,
                 coalesce((SELECT jsonb_agg(e.x ORDER BY e.n) FROM jsonb_array_elements(r.punti) WITH ORDINALITY AS e(x, n)
                            WHERE NOT EXISTS (SELECT 1 FROM ronde_passaggi p
                                               WHERE p.ronda_id = r.id AND p.punto_id = (e.x)::int)), '[]'::jsonb) AS mancanti,
                 -- In an ordered round, the points' first scans must follow the plan's order.
                 r.ordinata AND coalesce((
                   SELECT array_agg(f.n ORDER BY f.primo, f.n) <> array_agg(f.n ORDER BY f.n)
                     FROM (SELECT e.n, min(p.data_ora) AS primo
                             FROM jsonb_array_elements(r.punti) WITH ORDINALITY AS e(x, n)
                             JOIN ronde_passaggi p ON p.ronda_id = r.id AND p.punto_id = (e.x)::int
                            GROUP BY e.n) f), false) AS fuori_ordine
            FROM ronde r WHERE ${inScope}
        ), j AS (
          SELECT s.*, CASE
              WHEN primo IS NULL THEN CASE WHEN ${now}::timestamptz >= limite THEN 'non_eseguita' ELSE 'prevista' END
              WHEN jsonb_array_length(mancanti) = 0 THEN CASE WHEN primo <= limite THEN 'completata' ELSE 'in_ritardo' END
              WHEN ${now}::timestamptz >= fine_finestra THEN 'incompleta'
              ELSE 'in_corso' END AS stato
            FROM s
        )
        UPDATE ronde r SET stato = j.stato, operatore_id = coalesce(j.operatore_id, r.operatore_id),
               iniziata_il = j.primo,
               finita_il = CASE WHEN j.stato IN ('completata', 'in_ritardo', 'incompleta') THEN j.ultimo END,
               punti_mancanti = CASE WHEN j.stato = 'incompleta' THEN j.mancanti ELSE '[]'::jsonb END,
               fuori_ordine = j.fuori_ordine, giudicata_il = ${now}::timestamptz
          FROM j
         WHERE r.id = j.id
           AND (r.stato, r.iniziata_il, r.finita_il, r.punti_mancanti, r.fuori_ordine) IS DISTINCT FROM
               (j.stato, j.primo, CASE WHEN j.stato IN ('completata', 'in_ritardo', 'incompleta') THEN j.ultimo END,
                CASE WHEN j.stato = 'incompleta' THEN j.mancanti ELSE '[]'::jsonb END, j.fuori_ordine)
        RETURNING r.id`,
  );
  const anomalie = await queryRows<{ id: number }>(
    ex,
    sql`WITH k AS (
          SELECT r.id AS ronda_id, r.turno_id,
                 CASE r.stato WHEN 'incompleta' THEN 'ronda_incompleta' WHEN 'non_eseguita' THEN 'ronda_non_eseguita' END AS tipo,
                 coalesce(r.operatore_id, (SELECT min(tor.operatore_id) FROM turni_operatori tor WHERE tor.turno_id = r.turno_id)) AS operatore_id,
                 CASE r.stato WHEN 'incompleta' THEN r.fine_finestra
                              ELSE r.previsto_il + make_interval(mins => r.tolleranza_minuti) END AS data_ora,
                 CASE r.stato WHEN 'incompleta' THEN jsonb_array_length(r.punti_mancanti) ELSE jsonb_array_length(r.punti) END AS valore,
                 rp.nome AS piano, r.previsto_il,
                 CASE WHEN r.stato = 'incompleta' THEN
                   'Punti mancati: ' || (SELECT string_agg(pt.nome, ', ' ORDER BY e.n)
                                           FROM jsonb_array_elements(r.punti_mancanti) WITH ORDINALITY AS e(x, n)
                                           JOIN ronde_punti pt ON pt.id = (e.x)::int)
                 ELSE '' END AS note
            FROM ronde r JOIN ronde_piani rp ON rp.id = r.piano_id
           WHERE ${inScope}
        ), nuove AS (
          INSERT INTO anomalie (turno_id, operatore_id, tipo, data_ora, rilevata_il, valore, ronda_id, note)
          SELECT turno_id, operatore_id, tipo, data_ora, ${now}::timestamptz, valore, ronda_id,
                 'Ronda "' || piano || '" delle ' || to_char(previsto_il AT TIME ZONE ${TZ}, 'DD/MM/YYYY HH24:MI')
                 || CASE WHEN note = '' THEN '' ELSE E'\n' || note END
            FROM k WHERE tipo IS NOT NULL AND operatore_id IS NOT NULL
          ON CONFLICT (ronda_id, tipo) WHERE ronda_id IS NOT NULL DO NOTHING
          RETURNING id, turno_id, operatore_id, tipo
        ), aggiornate AS (
          -- Late scans of a round already judged incompleta: the count and the list follow (the
          -- desk's own notes after them are kept).
          UPDATE anomalie an SET valore = k.valore,
                 note = regexp_replace(an.note, 'Punti mancati: [^\n]*', k.note)
            FROM k
           WHERE an.ronda_id = k.ronda_id AND an.tipo = k.tipo AND k.tipo = 'ronda_incompleta'
             AND an.valore IS DISTINCT FROM k.valore
          RETURNING an.id
        ), chiuse AS (
          UPDATE anomalie an SET stato = 'chiusa', gestita_il = ${now}::timestamptz,
                 note = CASE WHEN an.note = '' THEN ${RISOLTA_RONDA}::text ELSE an.note || E'\n' || ${RISOLTA_RONDA}::text END
            FROM k
           WHERE an.ronda_id = k.ronda_id AND an.tipo IS DISTINCT FROM k.tipo AND an.stato = 'aperta'
          RETURNING an.id, an.turno_id, an.operatore_id, an.tipo
        ), ${auditAnomalieCte()}
        SELECT id FROM nuove`,
  );
  return { giudicate: giudicate.length, anomalie: anomalie.length };
}
