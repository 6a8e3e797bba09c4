/**
 * Reading the rounds (issue 34): one shape for the office (a service's day) and the guards' app (the
 * guard's shifts), each round with its points in the round's order, when and how each was first
 * scanned, and the missed ones by name. Times Europe/Rome "YYYY-MM-DD HH:mm:ss".
 */
import { type SQL, sql } from "drizzle-orm";
import type { Ronda } from "../../../../src/domain/contracts/pianificazione/ronde/schemas";
import type { Executor } from "../../../db/client";
import { queryRows } from "../../../db/query";
import type { ServiceContext } from "../../../lib/context";
import { BUSINESS_TZ } from "../../../lib/list/values";
import { servizioScope } from "../scope";
import { foglioQrPdf } from "./qr-pdf";

const TZ = sql.raw(`'${BUSINESS_TZ}'`);
const local = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE '${BUSINESS_TZ}', 'YYYY-MM-DD HH24:MI:SS')`);

/** The rounds `where` selects (over `ronde r`), by time. */
export async function leggiRonde(ex: Executor, where: SQL): Promise<Ronda[]> {
  return queryRows<Ronda>(
    ex,
    sql`SELECT r.id, rp.nome AS piano, r.servizio_id, r.turno_id,
               ${local("r.previsto_il")} AS previsto_il, ${local("r.fine_finestra")} AS fine_finestra,
               r.tolleranza_minuti, r.ordinata, r.stato,
               ${local("r.iniziata_il")} AS iniziata_il, ${local("r.finita_il")} AS finita_il,
               CASE WHEN o.id IS NULL THEN NULL ELSE trim(o.nome || ' ' || o.cognome) END AS operatore,
               r.fuori_ordine,
               coalesce((SELECT json_agg(json_build_object(
                          'id', pt.id, 'nome', pt.nome, 'codice', pt.codice, 'istruzioni', pt.istruzioni,
                          'passato_il', to_char(f.data_ora AT TIME ZONE ${TZ}, 'YYYY-MM-DD HH24:MI:SS'),
                          'metodo', f.metodo, 'segnalato', coalesce(f.segnalato, false)) ORDER BY e.n)
                  FROM jsonb_array_elements(r.punti) WITH ORDINALITY AS e(x, n)
                  JOIN ronde_punti pt ON pt.id = (e.x)::int
                  LEFT JOIN LATERAL (SELECT p.data_ora, p.metodo, p.segnalato FROM ronde_passaggi p
                                      WHERE p.ronda_id = r.id AND p.punto_id = pt.id
                                      ORDER BY p.data_ora, p.id LIMIT 1) f ON true), '[]'::json) AS punti,
               coalesce((SELECT json_agg(pt.nome ORDER BY e.n)
                  FROM jsonb_array_elements(r.punti_mancanti) WITH ORDINALITY AS e(x, n)
                  JOIN ronde_punti pt ON pt.id = (e.x)::int), '[]'::json) AS punti_mancanti
          FROM ronde r
          JOIN ronde_piani rp ON rp.id = r.piano_id
          LEFT JOIN operatori o ON o.id = r.operatore_id
         WHERE ${where}
         ORDER BY r.previsto_il, r.id`,
  );
}

/** A service's rounds from noon of `giorno` (Rome) to noon of the next day: the night and its evening. */
export async function rondeServizio(ctx: ServiceContext, idContratto: number, idServizio: number, giorno?: string) {
  const s = await servizioScope(ctx.db, idContratto, idServizio);
  const day = giorno ?? new Intl.DateTimeFormat("sv-SE", { timeZone: BUSINESS_TZ }).format(ctx.clock()).slice(0, 10);
  const results = await leggiRonde(
    ctx.db,
    sql`r.servizio_id = ${s.servizio_id}
        AND r.previsto_il >= (${day}::date + time '12:00') AT TIME ZONE ${TZ}
        AND r.previsto_il < (${day}::date + 1 + time '12:00') AT TIME ZONE ${TZ}`,
  );
  return { results };
}

/** The QR sheet of a service's checkpoints. */
export async function foglioQr(ctx: ServiceContext, idContratto: number, idServizio: number) {
  const s = await servizioScope(ctx.db, idContratto, idServizio);
  const [info] = await queryRows<{ servizio: string }>(
    ctx.db,
    sql`SELECT coalesce(nullif(s.descrizione, ''), c.titolo) AS servizio
          FROM servizi s JOIN contratti c ON c.id = s.contratto_id WHERE s.id = ${s.servizio_id}`,
  );
  const punti = await queryRows<{ nome: string; codice: string; istruzioni: string }>(
    ctx.db,
    sql`SELECT nome, codice, istruzioni FROM ronde_punti WHERE servizio_id = ${s.servizio_id} ORDER BY nome, id`,
  );
  const data = await foglioQrPdf(
    { cliente: s.ragione_sociale, servizio: info?.servizio ?? s.contratto_titolo, indirizzo: s.indirizzo },
    punti,
  );
  return { data, mime: "application/pdf", filename: `punti-controllo-servizio-${s.servizio_id}.pdf` };
}
