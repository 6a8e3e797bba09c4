/**
 * GET /api/comunicazioni/fogli-notizie/ on the list engine: the sheets made, newest day first, with
 * who made them and how often (and by whom last) they were downloaded.
 */
import { sql } from "drizzle-orm";
import { FoglioNotizieList } from "../../../../src/domain/contracts/console/fogli-notizie/schemas";
import { defineList } from "../../../lib/list";
import { BUSINESS_TZ } from "../../../lib/list/values";

const TZ = sql.raw(`'${BUSINESS_TZ}'`);

export const fogliNotizieList = defineList(FoglioNotizieList, {
  from: sql`fogli_notizie f`,
  joins: {
    u: { table: "users", on: { id: sql`f.generato_da` }, left: true },
    d: {
      oneRow: "an aggregate without GROUP BY: one row per sheet",
      lateral: sql`LEFT JOIN LATERAL (
      SELECT count(*)::int AS n,
             (SELECT trim(du.nome || ' ' || du.cognome) || ', ' || to_char(x.scaricato_il AT TIME ZONE ${TZ}, 'DD/MM/YYYY HH24:MI')
                FROM fogli_notizie_download x JOIN users du ON du.id = x.utente_id
               WHERE x.foglio_id = f.id ORDER BY x.scaricato_il DESC LIMIT 1) AS ultimo
        FROM fogli_notizie_download dd WHERE dd.foglio_id = f.id) d ON true`,
    },
  },
  key: sql`f.id`,
  sql: {
    id: sql`f.id`,
    giorno: sql`f.giorno`,
    provincia: sql`f.provincia`,
    emissione: sql`f.emissione`,
    fatti: sql`cardinality(f.relazioni)`,
    generato_il: sql`f.generato_il`,
    generato_da: sql`coalesce(trim(u.nome || ' ' || u.cognome), 'Procedura automatica')`,
    scaricato: sql`coalesce(d.n, 0)`,
    ultimo_download: sql`coalesce(d.ultimo, '')`,
  },
});
