/**
 * Invoices (issue 35 item 2). Drafts per client and month from the approved hours
 * (fatturazione_ore) priced by erp_importo_ore — the SQL function every revenue report uses
 * (migration 0600) — at the contract's price for the qualification: one line per service,
 * qualification and band; VAT 22 % unless the client is exempt (its nature) or in split payment.
 * Issue: the year's next number (fatture_numerazione, locked row), the SdI file name and the
 * FatturaPA XML, in one transaction with the audit entry. A credit note (TD04) repeats an issued
 * invoice's lines, refers to it and is issued at once. Issued documents are unalterable (trigger).
 */
import { sql } from "drizzle-orm";
import yazl from "yazl";
import {
  ALIQUOTA_IVA_ORDINARIA,
  type BozzeData,
  type BozzeOut,
  FASCE_FATTURA,
  type Fattura,
} from "../../../../src/domain/contracts/fatturazione/fatture";
import { FASCE, type Fascia } from "../../../../src/domain/hours/split";
import { instantToRome } from "../../../../src/domain/shift-rules";
import type { Executor } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { AZIONI, writeAudit } from "../../../lib/audit";
import { auditBy, type ServiceContext } from "../../../lib/context";
import { badRequest, conflict, notFound } from "../../../lib/errors";
import { zipToBuffer } from "../../../lib/zip";
import { primoDelMese } from "../consuntivo/consuntivo.list";
import { type Cedente, type Cessionario, datiMancanti, fatturaPaXml, nomeFileSdi, progressivoSdi } from "./fatturapa";
import { leggiImpostazioni } from "./impostazioni.service";

export const FATTURA_NON_TROVATA = "Fattura non trovata";
export const FATTURA_EMESSA = "La fattura è già emessa: non si modifica (per correggerla emetti una nota di credito)";
export const NON_EMESSA = "La nota di credito si emette solo per una fattura emessa";
export const GIA_STORNATA = "Per questa fattura è già stata emessa una nota di credito";

/** The seconds of band i (1-based, erp_ore_periodo's order) alone, as erp_importo_ore's array. */
const banda = (i: number, secondi: string) =>
  sql.raw(`ARRAY[${FASCE.map((_, k) => (k + 1 === i ? secondi : "0")).join(", ")}]::integer[]`);

const mm = (mese: string) => `${mese.slice(5, 7)}/${mese.slice(0, 4)}`;

interface RigaCalcolata {
  cliente_id: number;
  ragione_sociale: string;
  servizio_id: number;
  posizione_id: number;
  fascia: Fascia;
  descrizione: string;
  quantita: string;
  prezzo_unitario: string | null;
  importo: string | null;
  contratto: string;
  posizione: string;
}

/** The month's approved hours of the clients (all, or one), priced per service, qualification and band. */
function righeDelMese(ex: Executor, mese: string, cliente: number | undefined) {
  const bande = FASCE.map(
    (f, k) => sql`(${k + 1}, ${f}::text, o.${sql.raw(f)}, erp_importo_ore(${banda(k + 1, `o.${f}`)},
        cp.prezzo_orario, cp.maggiorazione_notturna, cp.maggiorazione_festiva, cp.maggiorazione_domenicale),
        erp_importo_ore(${banda(k + 1, "3600")}, cp.prezzo_orario, cp.maggiorazione_notturna,
        cp.maggiorazione_festiva, cp.maggiorazione_domenicale))`,
  );
  return queryRows<RigaCalcolata>(
    ex,
    sql`WITH o AS (
        SELECT c.cliente_id, f.contratto_id, f.servizio_id, f.posizione_id,
          ${sql.join(
            FASCE.map((f) => sql`sum(f.${sql.raw(f)})::integer AS ${sql.raw(f)}`),
            sql`, `,
          )}
        FROM fatturazione_ore f JOIN contratti c ON c.id = f.contratto_id
        WHERE f.mese = ${primoDelMese(mese)}::date AND (${cliente ?? null}::int IS NULL OR c.cliente_id = ${cliente ?? null}::int)
        GROUP BY c.cliente_id, f.contratto_id, f.servizio_id, f.posizione_id
      )
      SELECT o.cliente_id, cl.ragione_sociale, o.servizio_id, o.posizione_id, b.fascia,
        coalesce(nullif(s.descrizione, ''), c.titolo) || ' - ' || p.descrizione AS descrizione,
        round(b.secondi / 3600.0, 8)::text AS quantita, b.unitario::text AS prezzo_unitario, b.importo::text AS importo,
        c.titolo AS contratto, p.descrizione AS posizione
      FROM o JOIN clienti cl ON cl.id = o.cliente_id JOIN contratti c ON c.id = o.contratto_id
      JOIN servizi s ON s.id = o.servizio_id JOIN posizioni p ON p.id = o.posizione_id
      LEFT JOIN contratti_prezzi cp ON cp.contratto_id = o.contratto_id AND cp.posizione_id = o.posizione_id
      CROSS JOIN LATERAL (VALUES ${sql.join(bande, sql`, `)}) AS b(i, fascia, secondi, importo, unitario)
      WHERE b.secondi > 0
      ORDER BY cl.ragione_sociale, o.cliente_id, s.dal, o.servizio_id, p.descrizione, b.i`,
  );
}

/** Drafts for the month: one per client with approved hours and no issued invoice of that month. */
export async function creaBozze(ctx: ServiceContext, data: BozzeData): Promise<BozzeOut> {
  return ctx.db.transaction(async (tx) => {
    const righe = await righeDelMese(tx, data.mese, data.cliente);
    const perCliente = new Map<number, RigaCalcolata[]>();
    for (const r of righe) perCliente.set(r.cliente_id, [...(perCliente.get(r.cliente_id) ?? []), r]);
    const create: number[] = [];
    const avvisi: string[] = [];
    if (data.cliente && !perCliente.size)
      avvisi.push(`Nessuna ora approvata da fatturare per questo cliente in ${mm(data.mese)}`);
    for (const [clienteId, rs] of perCliente) {
      const nome = rs[0].ragione_sociale;
      const senzaPrezzo = rs.find((r) => r.importo === null);
      if (senzaPrezzo) {
        avvisi.push(
          `«${nome}»: manca il prezzo della qualifica «${senzaPrezzo.posizione}» nel contratto «${senzaPrezzo.contratto}»; nessuna bozza`,
        );
        continue;
      }
      const emessa = await queryOne(
        tx,
        sql`SELECT 1 FROM fatture f WHERE f.cliente_id = ${clienteId} AND f.mese = ${primoDelMese(data.mese)}::date
            AND f.tipo = 'TD01' AND f.stato = 'emessa'
            AND NOT EXISTS (SELECT 1 FROM fatture n WHERE n.fattura_collegata_id = f.id)`,
      );
      if (emessa) {
        avvisi.push(`«${nome}»: la fattura di ${mm(data.mese)} è già emessa`);
        continue;
      }
      await tx.execute(sql`DELETE FROM fatture WHERE cliente_id = ${clienteId} AND mese = ${primoDelMese(data.mese)}::date
        AND stato = 'bozza'`);
      const id = (await queryOne<{ id: number }>(
        tx,
        sql`INSERT INTO fatture (cliente_id, mese, aliquota_iva, natura, riferimento_normativo, esigibilita_iva)
            SELECT ${clienteId}, ${primoDelMese(data.mese)}::date,
              CASE WHEN fc.natura IS NOT NULL THEN 0 ELSE ${ALIQUOTA_IVA_ORDINARIA} END, fc.natura,
              coalesce(fc.riferimento_normativo, ''), CASE WHEN fc.split_payment AND fc.natura IS NULL THEN 'S' ELSE 'I' END
            FROM (SELECT ${clienteId}::int AS id) k LEFT JOIN fatturazione_clienti fc ON fc.cliente_id = k.id
            RETURNING id`,
      ))!.id;
      const values = rs.map(
        (r, i) =>
          sql`(${id}::int, ${i + 1}::int, ${r.servizio_id}::int, ${r.posizione_id}::int, ${r.fascia}::text,
               ${`${r.descrizione} - ${FASCE_FATTURA[r.fascia]} (${mm(data.mese)})`}::text, ${r.quantita}::numeric,
               ${r.prezzo_unitario}::numeric, ${r.importo}::numeric)`,
      );
      await tx.execute(sql`INSERT INTO fatture_righe (fattura_id, numero_linea, servizio_id, posizione_id, fascia,
          descrizione, quantita, prezzo_unitario, importo) VALUES ${sql.join(values, sql`, `)}`);
      await aggiornaTotali(tx, id);
      await writeAudit(tx, {
        ...auditBy(ctx.actor),
        azione: AZIONI.create,
        contentType: "fattura",
        objectId: id,
        note: `Bozza di ${mm(data.mese)} per «${nome}» (${rs.length} righe)`,
        related: [{ content_type: "cliente", object_id: clienteId }],
      });
      create.push(id);
    }
    return { create, avvisi };
  });
}

/** Imponibile = Σ lines; imposta rounded once on it (the DatiRiepilogo of the VAT rate). */
function aggiornaTotali(tx: Executor, id: number) {
  return tx.execute(sql`UPDATE fatture f SET imponibile = t.imponibile, imposta = t.imposta, totale = t.imponibile + t.imposta
    FROM (SELECT r.fattura_id, sum(r.importo) AS imponibile, round(sum(r.importo) * x.aliquota_iva / 100, 2) AS imposta
          FROM fatture_righe r JOIN fatture x ON x.id = r.fattura_id WHERE r.fattura_id = ${id}
          GROUP BY r.fattura_id, x.aliquota_iva) t
    WHERE f.id = t.fattura_id`);
}

const SELECT_FATTURA = sql`SELECT f.id, f.tipo, f.stato, json_build_object('id', cl.id, 'ragione_sociale', cl.ragione_sociale) AS cliente,
  to_char(f.mese, 'YYYY-MM') AS mese, f.anno, f.numero, f.data::text AS data, f.nome_file, f.fattura_collegata_id AS fattura_collegata,
  f.aliquota_iva::text AS aliquota_iva, f.natura, f.esigibilita_iva, f.imponibile::text AS imponibile, f.imposta::text AS imposta,
  f.totale::text AS totale,
  coalesce((SELECT json_agg(json_build_object('numero_linea', r.numero_linea, 'descrizione', r.descrizione, 'fascia', r.fascia,
      'quantita', r.quantita::text, 'prezzo_unitario', r.prezzo_unitario::text, 'importo', r.importo::text) ORDER BY r.numero_linea)
    FROM fatture_righe r WHERE r.fattura_id = f.id), '[]') AS righe
  FROM fatture f JOIN clienti cl ON cl.id = f.cliente_id`;

export async function leggiFattura(ex: Executor, id: number): Promise<Fattura> {
  const f = await queryOne<Fattura>(ex, sql`${SELECT_FATTURA} WHERE f.id = ${id}`);
  if (!f) throw notFound(FATTURA_NON_TROVATA);
  return f;
}

export async function eliminaBozza(ctx: ServiceContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const f = await queryOne<{ stato: string; cliente_id: number }>(
      tx,
      sql`SELECT stato, cliente_id FROM fatture WHERE id = ${id} FOR UPDATE`,
    );
    if (!f) throw notFound(FATTURA_NON_TROVATA);
    if (f.stato === "emessa") throw conflict(FATTURA_EMESSA, { reason: "fattura_emessa" });
    await tx.execute(sql`DELETE FROM fatture WHERE id = ${id}`);
    await writeAudit(tx, {
      ...auditBy(ctx.actor),
      azione: AZIONI.delete,
      contentType: "fattura",
      objectId: id,
      related: [{ content_type: "cliente", object_id: f.cliente_id }],
    });
  });
}

/** The year's next number: the locked row orders concurrent issuers; a rollback gives it back. */
async function prossimoNumero(tx: Executor, anno: number): Promise<number> {
  await tx.execute(
    sql`INSERT INTO fatture_numerazione (anno, ultimo) VALUES (${anno}, 0) ON CONFLICT (anno) DO NOTHING`,
  );
  return (await queryOne<{ ultimo: number }>(
    tx,
    sql`UPDATE fatture_numerazione SET ultimo = ultimo + 1 WHERE anno = ${anno} RETURNING ultimo`,
  ))!.ultimo;
}

async function cessionario(tx: Executor, clienteId: number): Promise<Cessionario> {
  return (await queryOne<Cessionario>(
    tx,
    sql`SELECT cl.ragione_sociale, cl.partita_iva, cl.codice_fiscale, cl.codice_sdi, cl.pec, cl.indirizzo, cl.cap, cl.citta,
          cl.prov, coalesce(fc.pubblica_amministrazione, false) AS pubblica_amministrazione
        FROM clienti cl LEFT JOIN fatturazione_clienti fc ON fc.cliente_id = cl.id WHERE cl.id = ${clienteId}`,
  ))!;
}

/** Issues a draft in `tx` (already locked, stato 'bozza'): number, file name, XML. */
async function emettiInTx(
  ctx: ServiceContext,
  tx: Executor,
  id: number,
  collegata: { numero: string; data: string } | null,
): Promise<void> {
  const f = (await queryOne<{
    tipo: "TD01" | "TD04";
    cliente_id: number;
    mese: string;
    aliquota_iva: string;
    natura: string | null;
    riferimento_normativo: string;
    esigibilita_iva: string;
    imponibile: string;
    imposta: string;
    totale: string;
  }>(
    tx,
    sql`SELECT tipo, cliente_id, to_char(mese, 'YYYY-MM') AS mese, aliquota_iva::text AS aliquota_iva, natura,
          riferimento_normativo, esigibilita_iva, imponibile::text AS imponibile, imposta::text AS imposta, totale::text AS totale
        FROM fatture WHERE id = ${id}`,
  ))!;
  const azienda: Cedente = await leggiImpostazioni(tx);
  const cliente = await cessionario(tx, f.cliente_id);
  const mancanti = datiMancanti(azienda, cliente);
  const campi = Object.values(mancanti);
  if (campi.length) throw badRequest(campi.join("; "), mancanti);
  const oggi = instantToRome(ctx.clock().getTime()).day;
  const anno = Number(oggi.slice(0, 4));
  const numero = await prossimoNumero(tx, anno);
  const progressivo = (await queryOne<{ n: number }>(tx, sql`SELECT nextval('fatture_progressivo_file')::int AS n`))!.n;
  const righe = await queryRows<{
    numero_linea: number;
    descrizione: string;
    quantita: string;
    prezzo_unitario: string;
    importo: string;
  }>(
    tx,
    sql`SELECT numero_linea, descrizione, quantita::text AS quantita, prezzo_unitario::text AS prezzo_unitario,
          importo::text AS importo FROM fatture_righe WHERE fattura_id = ${id} ORDER BY numero_linea`,
  );
  const contratti = await queryRows<{ id: string; cig: string; cup: string }>(
    tx,
    sql`SELECT DISTINCT coalesce(nullif(c.numero_contratto, ''), c.id::text) AS id, coalesce(fk.cig, '') AS cig,
          coalesce(fk.cup, '') AS cup
        FROM fatture_righe r JOIN servizi s ON s.id = r.servizio_id JOIN contratti c ON c.id = s.contratto_id
        LEFT JOIN fatturazione_contratti fk ON fk.contratto_id = c.id
        WHERE r.fattura_id = ${id} AND (${cliente.pubblica_amministrazione} OR fk.cig <> '' OR fk.cup <> '')`,
  );
  const numeroDoc = `${numero}/${anno}`;
  const xml = fatturaPaXml(azienda, cliente, {
    ...f,
    numero: numeroDoc,
    data: oggi,
    progressivo: progressivoSdi(progressivo),
    causale: `${f.tipo === "TD04" ? "Nota di credito" : "Servizi"} di ${mm(f.mese)}`,
    collegata,
    contratti,
    righe,
  });
  await tx.execute(sql`UPDATE fatture SET stato = 'emessa', anno = ${anno}, numero = ${numero}, data = ${oggi}::date,
      nome_file = ${nomeFileSdi(azienda.partita_iva, progressivo)}, xml = ${xml}, emessa_il = now(),
      emessa_da = ${ctx.actor.userId} WHERE id = ${id}`);
  await writeAudit(tx, {
    ...auditBy(ctx.actor),
    azione: AZIONI.update,
    contentType: "fattura",
    objectId: id,
    note: `${f.tipo === "TD04" ? "Nota di credito" : "Fattura"} n. ${numeroDoc} del ${oggi} emessa`,
    related: [{ content_type: "cliente", object_id: f.cliente_id }],
    dati: { numero, anno, totale: f.totale },
  });
}

export async function emetti(ctx: ServiceContext, id: number): Promise<Fattura> {
  await ctx.db.transaction(async (tx) => {
    const f = await queryOne<{ stato: string }>(tx, sql`SELECT stato FROM fatture WHERE id = ${id} FOR UPDATE`);
    if (!f) throw notFound(FATTURA_NON_TROVATA);
    if (f.stato === "emessa") throw conflict(FATTURA_EMESSA, { reason: "fattura_emessa" });
    await emettiInTx(ctx, tx, id, null);
  });
  return leggiFattura(ctx.db, id);
}

/** A credit note (TD04) for the whole of an issued invoice, issued at once. */
export async function notaDiCredito(ctx: ServiceContext, id: number): Promise<Fattura> {
  const nota = await ctx.db.transaction(async (tx) => {
    const f = await queryOne<{ stato: string; tipo: string; numero: number; anno: number; data: string }>(
      tx,
      sql`SELECT stato, tipo, numero, anno, data::text AS data FROM fatture WHERE id = ${id} FOR SHARE`,
    );
    if (!f) throw notFound(FATTURA_NON_TROVATA);
    if (f.stato !== "emessa" || f.tipo !== "TD01") throw conflict(NON_EMESSA, { reason: "non_emessa" });
    if (await queryOne(tx, sql`SELECT 1 FROM fatture WHERE fattura_collegata_id = ${id}`))
      throw conflict(GIA_STORNATA, { reason: "gia_stornata" });
    const nuovo = (await queryOne<{ id: number }>(
      tx,
      sql`INSERT INTO fatture (tipo, cliente_id, mese, fattura_collegata_id, aliquota_iva, natura, riferimento_normativo,
            esigibilita_iva, imponibile, imposta, totale)
          SELECT 'TD04', cliente_id, mese, id, aliquota_iva, natura, riferimento_normativo, esigibilita_iva, imponibile, imposta, totale
          FROM fatture WHERE id = ${id} RETURNING id`,
    ))!.id;
    await tx.execute(sql`INSERT INTO fatture_righe (fattura_id, numero_linea, servizio_id, posizione_id, fascia, descrizione,
        quantita, prezzo_unitario, importo)
      SELECT ${nuovo}, numero_linea, servizio_id, posizione_id, fascia, descrizione, quantita, prezzo_unitario, importo
      FROM fatture_righe WHERE fattura_id = ${id}`);
    await emettiInTx(ctx, tx, nuovo, { numero: `${f.numero}/${f.anno}`, data: f.data });
    return nuovo;
  });
  return leggiFattura(ctx.db, nota);
}

export async function xmlFattura(ex: Executor, id: number): Promise<{ xml: string; nome_file: string }> {
  const f = await queryOne<{ xml: string | null; nome_file: string | null }>(
    ex,
    sql`SELECT xml, nome_file FROM fatture WHERE id = ${id}`,
  );
  if (!f) throw notFound(FATTURA_NON_TROVATA);
  if (!f.xml || !f.nome_file)
    throw conflict("La fattura è una bozza: il file XML esiste dall'emissione", { reason: "bozza" });
  return { xml: f.xml, nome_file: f.nome_file };
}

export const NESSUNA_FATTURA_NEL_MESE = "Nessuna fattura emessa nel mese";

/**
 * The month's issued documents (invoices and credit notes dated in it) as one zip for the company's SdI
 * intermediary: each XML as issued, under its SdI file name (IT<P.IVA>_<progressivo>.xml).
 */
export async function zipMese(ex: Executor, mese: string): Promise<{ data: Buffer; filename: string; n: number }> {
  const rows = await queryRows<{ nome_file: string; xml: string; emessa_il: Date | string }>(
    ex,
    sql`SELECT nome_file, xml, emessa_il FROM fatture
        WHERE stato = 'emessa' AND data >= ${`${mese}-01`}::date AND data < (${`${mese}-01`}::date + interval '1 month')
        ORDER BY anno, numero`,
  );
  if (!rows.length) throw notFound(NESSUNA_FATTURA_NEL_MESE);
  const zip = new yazl.ZipFile();
  for (const r of rows) zip.addBuffer(Buffer.from(r.xml, "utf8"), r.nome_file, { mtime: new Date(r.emessa_il) });
  return { data: await zipToBuffer(zip), filename: `fatture-${mese}.zip`, n: rows.length };
}
