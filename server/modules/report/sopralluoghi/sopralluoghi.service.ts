/** Site inspections: save one (geocoded, with its audit entry in the same transaction) and read one with its photos. */
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Sopralluogo, SopralluogoData } from "../../../../src/domain/contracts/report/sopralluoghi";
import { queryOne } from "../../../db/query";
import { AZIONI, writeAudit } from "../../../lib/audit";
import { type AppContext, auditBy } from "../../../lib/context";
import { notFound, validationError } from "../../../lib/errors";
import { geocodeForSave } from "../../../lib/geocoding";
import { fotoDelSopralluogo } from "./sopralluoghi-foto.service";

export const SOPRALLUOGO_NON_TROVATO = "Sopralluogo non trovato";

type Row = Omit<Sopralluogo, "cliente" | "foto"> & { cliente_id: number | null; ragione_sociale: string | null };

const SELECT = sql`SELECT x.id, x.cliente_id, cl.ragione_sociale, x.potenziale_cliente, x.indirizzo, x.cap, x.citta,
  x.prov, x.lat, x.lng, x.data::text AS data, x.ispettore, x.checklist, x.note, x.esito, x.servizio_consigliato
  FROM sopralluoghi x LEFT JOIN clienti cl ON cl.id = x.cliente_id`;

const out = ({ cliente_id, ragione_sociale, ...r }: Row, foto: Sopralluogo["foto"]): Sopralluogo => ({
  id: r.id,
  cliente: cliente_id === null ? null : { id: cliente_id, ragione_sociale: ragione_sociale ?? "" },
  potenziale_cliente: r.potenziale_cliente,
  indirizzo: r.indirizzo,
  cap: r.cap,
  citta: r.citta,
  prov: r.prov,
  lat: r.lat === null ? null : Number(r.lat),
  lng: r.lng === null ? null : Number(r.lng),
  data: r.data,
  ispettore: r.ispettore,
  checklist: r.checklist,
  note: r.note,
  esito: r.esito,
  servizio_consigliato: r.servizio_consigliato,
  foto,
});

export async function getSopralluogo(ctx: AppContext, id: number): Promise<Sopralluogo> {
  const row = await queryOne<Row>(ctx.db, sql`${SELECT} WHERE x.id = ${id}`);
  if (!row) throw notFound(SOPRALLUOGO_NON_TROVATO);
  return out(row, await fotoDelSopralluogo(ctx.db, id));
}

export async function createSopralluogo(
  ctx: AppContext,
  d: z.output<typeof SopralluogoData>,
): Promise<Sopralluogo & { warnings: string[] }> {
  const cliente = d.cliente ?? null;
  if (cliente && !(await queryOne(ctx.db, sql`SELECT 1 FROM clienti WHERE id = ${cliente}`)))
    throw validationError({ cliente: "Cliente non trovato" });
  const geo = await geocodeForSave(ctx.config, d, { label: "del sopralluogo" });
  const id = await ctx.db.transaction(async (tx) => {
    const row = (await queryOne<{ id: number }>(
      tx,
      sql`INSERT INTO sopralluoghi (cliente_id, potenziale_cliente, indirizzo, cap, citta, prov, lat, lng, data, ispettore,
            checklist, note, esito, servizio_consigliato, created_by)
          VALUES (${cliente}, ${cliente ? "" : d.potenziale_cliente}, ${d.indirizzo}, ${d.cap}, ${d.citta},
            ${d.prov.toUpperCase()}, ${geo.point?.lat ?? null}, ${geo.point?.lng ?? null}, ${d.data}::date, ${d.ispettore},
            ${JSON.stringify(d.checklist)}::jsonb, ${d.note}, ${d.esito}, ${d.servizio_consigliato}, ${ctx.actor.userId})
          RETURNING id`,
    ))!;
    await writeAudit(tx, {
      azione: AZIONI.create,
      contentType: "sopralluogo",
      objectId: row.id,
      note: `Sopralluogo del ${d.data} a ${d.indirizzo}, ${d.citta}`,
      ...(cliente ? { related: [{ content_type: "cliente", object_id: cliente }] } : {}),
      ...auditBy(ctx.actor),
    });
    return row.id;
  });
  return { ...(await getSopralluogo(ctx, id)), warnings: geo.warning ? [geo.warning] : [] };
}
