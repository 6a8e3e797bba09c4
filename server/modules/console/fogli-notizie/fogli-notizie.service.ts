/**
 * The foglio notizie (issue 34 item 7): per working day and province, the PDF of the day's facts
 * relevant for the police, for the Questura (DM 269/2010, Allegato D).
 *
 * - The facts of a day: the reports marked relevant whose last version says they happened in that day
 *   (Rome's calendar day, whatever the clock change), grouped by the province of their client (the
 *   guard's when the shift is unknown; the company's when neither has one).
 * - The provinces: those set in the settings (every day a sheet, "Nulla da segnalare" when nothing
 *   happened), or the company's own province; plus any province with a fact that day.
 * - Issue 1 is made by the 'foglio-notizie' job after the day ends; a later one (a fact marked relevant
 *   afterwards) by the office with one click. Each is kept as made (trigger, migration 0766), with every
 *   download recorded.
 */
import { sql } from "drizzle-orm";
import type {
  FogliGenerati,
  FogliImpostazioni,
  FogliImpostazioniData,
} from "../../../../src/domain/contracts/console/fogli-notizie/schemas";
import { RELAZIONE_CATEGORIA_LABEL } from "../../../../src/domain/contracts/console/relazioni/schemas";
import type { Executor, Tx } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { AZIONI, changeLog, writeAudit, writeSettingsAudit } from "../../../lib/audit";
import { auditBy, type ServiceContext } from "../../../lib/context";
import { badRequest, notFound } from "../../../lib/errors";
import { BUSINESS_TZ } from "../../../lib/list/values";
import { type FattoFoglio, foglioNotiziePdf } from "./foglio-notizie-pdf";

export const FOGLIO_CONTENT_TYPE = "foglio_notizie";
export const FOGLIO_NON_TROVATO = "Foglio notizie non trovato";
const TZ = sql.raw(`'${BUSINESS_TZ}'`);

/** Rome's calendar day of an instant, "YYYY-MM-DD". */
export const giornoDiRoma = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: BUSINESS_TZ }).format(d);

async function impostazioni(ex: Executor) {
  return (await queryOne<{ licenza: string; province: string[]; denominazione: string; provincia_azienda: string }>(
    ex,
    sql`SELECT f.licenza, f.province, coalesce(a.denominazione, '') AS denominazione, coalesce(a.provincia, '') AS provincia_azienda
          FROM fogli_notizie_impostazioni f LEFT JOIN fatturazione_impostazioni a ON true`,
  )) as FogliImpostazioni;
}

export const getImpostazioni = (ctx: Pick<ServiceContext, "db">) => impostazioni(ctx.db);

export async function aggiornaImpostazioni(
  ctx: ServiceContext,
  data: FogliImpostazioniData,
): Promise<FogliImpostazioni> {
  await ctx.db.transaction(async (tx) => {
    const before = await impostazioni(tx);
    const province = data.province ? [...new Set(data.province)].sort() : before.province;
    const licenza = data.licenza ?? before.licenza;
    await tx.execute(
      sql`UPDATE fogli_notizie_impostazioni SET licenza = ${licenza}, province = ${`{${province.join(",")}}`}::text[], aggiornato_il = ${ctx.clock()}::timestamptz`,
    );
    await writeSettingsAudit(
      tx,
      auditBy(ctx.actor),
      FOGLIO_CONTENT_TYPE,
      changeLog(
        { licenza: before.licenza, province: before.province.join(", ") },
        { licenza, province: province.join(", ") },
        { licenza: "Licenza", province: "Province" },
      ),
    );
  });
  return impostazioni(ctx.db);
}

interface FattoRow extends FattoFoglio {
  provincia: string;
}

/** The relevant facts of a day, each with its province, in the order they happened. */
async function fattiDelGiorno(ex: Executor, giorno: string, provinciaAzienda: string): Promise<FattoRow[]> {
  return queryRows<FattoRow>(
    ex,
    sql`SELECT r.id AS relazione_id, coalesce(nullif(r.provincia, ''), ${provinciaAzienda}) AS provincia,
               to_char(v.accaduto_il AT TIME ZONE ${TZ}, 'HH24:MI') AS ora,
               concat_ws(' - ', nullif(x.cliente, ''), nullif(x.indirizzo, ''), nullif(v.luogo, '')) AS luogo,
               v.categoria, v.descrizione, trim(o.nome || ' ' || o.cognome) AS guardie, v.provvedimenti
          FROM relazioni_servizio r
          JOIN LATERAL (SELECT * FROM relazioni_servizio_versioni y WHERE y.relazione_id = r.id ORDER BY y.versione DESC LIMIT 1) v ON true
          JOIN operatori o ON o.id = r.operatore_id
          LEFT JOIN LATERAL (SELECT cl.ragione_sociale AS cliente, s.indirizzo
                               FROM turni t JOIN giorni g ON g.id = t.giorno_id JOIN servizi s ON s.id = g.servizio_id
                               JOIN contratti c ON c.id = s.contratto_id JOIN clienti cl ON cl.id = c.cliente_id
                              WHERE t.id = r.turno_id) x ON true
         WHERE r.rilevante
           AND v.accaduto_il >= (${giorno}::date)::timestamp AT TIME ZONE ${TZ}
           AND v.accaduto_il < (${giorno}::date + 1)::timestamp AT TIME ZONE ${TZ}
         ORDER BY v.accaduto_il, r.id`,
  );
}

/**
 * Makes the sheets of `giorno` (one per province, the next issue of each) in the caller's
 * transaction; `utenteId` null: the job. Returns what was made.
 */
export async function generaFogli(
  tx: Tx,
  giorno: string,
  now: Date,
  by: { utenteId: number | null; ip: string | null; nome: string },
): Promise<FogliGenerati["results"]> {
  // One maker at a time: two clicks (or the job and a click) do not race for the same issue number.
  await tx.execute(sql`SELECT 1 FROM fogli_notizie_impostazioni FOR UPDATE`);
  const imp = await impostazioni(tx);
  const fatti = await fattiDelGiorno(tx, giorno, imp.provincia_azienda);
  const province = new Set(imp.province.length ? imp.province : [imp.provincia_azienda]);
  for (const f of fatti) province.add(f.provincia);
  const generatoIl = new Intl.DateTimeFormat("it-IT", {
    timeZone: BUSINESS_TZ,
    dateStyle: "short",
    timeStyle: "short",
  }).format(now);
  const made: FogliGenerati["results"] = [];
  for (const provincia of [...province].sort()) {
    const delProvincia = fatti.filter((f) => f.provincia === provincia);
    const emissione = Number(
      (
        await queryOne<{ n: number }>(
          tx,
          sql`SELECT coalesce(max(emissione), 0) + 1 AS n FROM fogli_notizie WHERE giorno = ${giorno}::date AND provincia = ${provincia}`,
        )
      )?.n ?? 1,
    );
    const pdf = await foglioNotiziePdf({
      giorno,
      provincia,
      emissione,
      denominazione: imp.denominazione,
      licenza: imp.licenza,
      generato_il: generatoIl,
      generato_da: by.nome,
      fatti: delProvincia.map((f) => ({
        ...f,
        categoria: RELAZIONE_CATEGORIA_LABEL[f.categoria as keyof typeof RELAZIONE_CATEGORIA_LABEL] ?? f.categoria,
      })),
    });
    const row = (await queryOne<{ id: number }>(
      tx,
      sql`INSERT INTO fogli_notizie (giorno, provincia, emissione, generato_il, generato_da, relazioni, pdf)
          VALUES (${giorno}::date, ${provincia}, ${emissione}, ${now}, ${by.utenteId},
                  ${`{${delProvincia.map((f) => f.relazione_id).join(",")}}`}::bigint[], ${pdf})
          RETURNING id`,
    )) as { id: number };
    await writeAudit(tx, {
      utenteId: by.utenteId,
      ip: by.ip,
      azione: AZIONI.create,
      contentType: FOGLIO_CONTENT_TYPE,
      objectId: row.id,
      note: `Foglio notizie del ${giorno} per la Questura di ${provincia || "-"} (emissione ${emissione}): ${
        delProvincia.length ? `${delProvincia.length} fatti` : "nulla da segnalare"
      }`,
      related: delProvincia.map((f) => ({ content_type: "relazione_servizio", object_id: f.relazione_id })),
    });
    made.push({ id: Number(row.id), provincia, emissione, fatti: delProvincia.length });
  }
  return made;
}

/** "Genera ora": the sheets of a past or current day, by the office. */
export async function generaFogliOra(ctx: ServiceContext, giorno: string): Promise<FogliGenerati> {
  if (giorno > giornoDiRoma(ctx.clock()))
    throw badRequest("Il giorno non è ancora iniziato", { giorno: "Giorno futuro" });
  const nome =
    (
      await queryOne<{ nome: string }>(
        ctx.db,
        sql`SELECT trim(nome || ' ' || cognome) AS nome FROM users WHERE id = ${ctx.actor.userId}`,
      )
    )?.nome ?? "";
  const results = await ctx.db.transaction((tx) =>
    generaFogli(tx as Tx, giorno, ctx.clock(), { utenteId: ctx.actor.userId, ip: ctx.actor.ip, nome }),
  );
  return { results };
}

/** The PDF, recording who downloaded it and when (one transaction with its audit entry). */
export async function scaricaFoglio(ctx: ServiceContext, id: number): Promise<{ data: Buffer; filename: string }> {
  return ctx.db.transaction(async (tx) => {
    const f = await queryOne<{ pdf: Buffer | Uint8Array; giorno: string; provincia: string; emissione: number }>(
      tx,
      sql`SELECT pdf, to_char(giorno, 'YYYY-MM-DD') AS giorno, provincia, emissione FROM fogli_notizie WHERE id = ${id}`,
    );
    if (!f) throw notFound(FOGLIO_NON_TROVATO);
    await tx.execute(
      sql`INSERT INTO fogli_notizie_download (foglio_id, utente_id, scaricato_il) VALUES (${id}, ${ctx.actor.userId}, ${ctx.clock()})`,
    );
    await writeAudit(tx, {
      ...auditBy(ctx.actor),
      azione: AZIONI.update,
      contentType: FOGLIO_CONTENT_TYPE,
      objectId: id,
      note: `Foglio notizie del ${f.giorno} (${f.provincia || "-"}, emissione ${f.emissione}) scaricato`,
    });
    return {
      data: Buffer.from(f.pdf),
      filename: `foglio-notizie-${f.giorno}-${f.provincia || "XX"}-${f.emissione}.pdf`,
    };
  });
}

/** How many days back the job looks for a day without sheets (a server stopped over a weekend). */
export const GIORNI_RECUPERO = 7;

/** The job's work: the sheets of every ended day of the last week that has none yet. */
export async function generaFogliMancanti(tx: Tx, now: Date): Promise<string> {
  const giorni = await queryRows<{ giorno: string }>(
    tx,
    sql`SELECT to_char(d, 'YYYY-MM-DD') AS giorno
          FROM generate_series((${now}::timestamptz AT TIME ZONE ${TZ})::date - ${GIORNI_RECUPERO}::int,
                               (${now}::timestamptz AT TIME ZONE ${TZ})::date - 1, interval '1 day') d
         WHERE NOT EXISTS (SELECT 1 FROM fogli_notizie f WHERE f.giorno = d::date)
         ORDER BY d`,
  );
  let n = 0;
  for (const { giorno } of giorni) {
    n += (await generaFogli(tx, giorno, now, { utenteId: null, ip: null, nome: "procedura automatica" })).length;
  }
  return `${n} fogli notizie generati${giorni.length ? ` (${giorni.map((g) => g.giorno).join(", ")})` : ""}`;
}
