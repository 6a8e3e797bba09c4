/**
 * A service's checkpoints and tour plans (issue 34 items 1–2) under
 * /api/pianificazione/contratti/{id}/servizi/{subId}/ (server/lib/crud, CAPABILITIES.contratti),
 * declared in contracts/pianificazione/ronde/calls.ts. A new checkpoint gets its QR code here
 * (`codice`, never changed afterwards); a plan names only points of its own service, and its
 * rounds are created (or follow its change) in the save's transaction. A point named by a plan or
 * a round, and a plan with rounds due or done, cannot be deleted (409: migration 0404).
 */
import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { pianiRonda, puntiRonda } from "../../../../src/domain/contracts/pianificazione/ronde/calls";
import type { Executor } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { type ChildCrud, defineChildCrud, fromDeclaration, type Row } from "../../../lib/crud";
import { validationError } from "../../../lib/errors";
import { rel } from "../audit";
import { type ServizioScope, servizioScope } from "../scope";
import { generaRonde } from "./giudizio";

/** Crockford's base 32: no I, L, O, U (nothing to misread when a guard types it). */
const ALFABETO = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A new checkpoint code, "RP-" and 10 random characters (50 bits: a collision is not a concern, UNIQUE refuses one). */
export function nuovoCodicePunto(): string {
  let s = "RP-";
  for (let i = 0; i < 10; i++) s += ALFABETO[randomInt(ALFABETO.length)];
  return s;
}

const ofServizio = {
  tags: ["pianificazione"],
  parent: {
    find: (ex: Executor, p: Record<string, number>) => servizioScope(ex, p.id, p.subId),
    id: (s: ServizioScope) => s.servizio_id,
    related: (s: ServizioScope) => [rel("servizio", s.servizio_id), rel("contratto", s.contratto_id)],
  },
  parentColumn: "servizio_id",
  touch: "updated_at",
} satisfies Partial<ChildCrud<ServizioScope>>;

async function nfcLibero(ex: Executor, uid: unknown, puntoId: number | null) {
  if (typeof uid !== "string") return;
  const other = await queryOne<{ nome: string }>(
    ex,
    sql`SELECT nome FROM ronde_punti WHERE nfc_uid = ${uid} AND id IS DISTINCT FROM ${puntoId}::int`,
  );
  if (other) throw validationError({ nfc_uid: `Tag NFC già associato al punto "${other.nome}"` });
}

export const punti = defineChildCrud({
  ...ofServizio,
  ...fromDeclaration(puntiRonda),
  table: "ronde_punti",
  columns: { nome: "nome", lat: "lat", lng: "lng", istruzioni: "istruzioni", nfc_uid: "nfc_uid", codice: "codice" },
  select: sql`x.id, x.nome, x.lat, x.lng, x.istruzioni, x.codice, x.nfc_uid`,
  orderBy: sql`x.nome, x.id`,
  notFound: "Punto di controllo non trovato",
  audit: {
    contentType: "ronda_punto",
    labels: { nome: "Nome", lat: "Latitudine", lng: "Longitudine", istruzioni: "Istruzioni", nfc_uid: "UID NFC" },
    note: (s, row) => `${s.contratto_titolo} — punto ${row.nome}`,
  },
  values: (data, before) => {
    const { codice: _ignored, ...rest } = data as Row;
    return before ? rest : { ...rest, codice: nuovoCodicePunto() };
  },
  validate: (row): Record<string, string> =>
    (row.lat === null || row.lat === undefined) !== (row.lng === null || row.lng === undefined)
      ? { lat: "Latitudine e longitudine insieme, o nessuna delle due" }
      : {},
  prepare: async (ctx, { before, values }) => {
    await nfcLibero(ctx.db, values.nfc_uid, before ? Number(before.id) : null);
    return undefined;
  },
});

const HH_MM = (col: string) => sql.raw(`to_char(x.${col}, 'HH24:MI')`);

export const piani = defineChildCrud({
  ...ofServizio,
  ...fromDeclaration(pianiRonda),
  table: "ronde_piani",
  columns: {
    nome: "nome",
    ordinato: "ordinato",
    punti: "punti",
    ogni_minuti: "ogni_minuti",
    dalle: "dalle",
    alle: "alle",
    tolleranza_minuti: "tolleranza_minuti",
    attivo: "attivo",
  },
  select: sql`x.id, x.nome, x.ordinato, x.punti, x.ogni_minuti, ${HH_MM("dalle")} AS dalle, ${HH_MM("alle")} AS alle,
    x.tolleranza_minuti, x.attivo`,
  orderBy: sql`x.nome, x.id`,
  notFound: "Piano di ronda non trovato",
  audit: {
    contentType: "ronda_piano",
    labels: {
      nome: "Nome",
      ordinato: "In ordine",
      punti: "Punti",
      ogni_minuti: "Ogni (minuti)",
      dalle: "Dalle",
      alle: "Alle",
      tolleranza_minuti: "Tolleranza (minuti)",
      attivo: "Attivo",
    },
    note: (s, row) => `${s.contratto_titolo} — piano di ronda ${row.nome}`,
  },
  // The plan's rounds follow it at once (the 'ronde' job keeps them up to date as shifts change).
  afterWrite: async (tx, ctx, { id }) => {
    await generaRonde(tx, ctx.clock(), id);
  },
  // jsonb: the array goes as its JSON text.
  toColumns: (values) => (Array.isArray(values.punti) ? { ...values, punti: JSON.stringify(values.punti) } : values),
  prepare: async (ctx, { parent, values }) => {
    if (Array.isArray(values.punti)) {
      const ids = values.punti as number[];
      const found = await queryRows<{ id: number }>(
        ctx.db,
        sql`SELECT id FROM ronde_punti WHERE servizio_id = ${parent.servizio_id}
              AND id IN (${sql.join(
                ids.map((i) => sql`${i}`),
                sql`, `,
              )})`,
      );
      if (found.length !== ids.length) throw validationError({ punti: "Punto di controllo non trovato nel servizio" });
    }
    return undefined;
  },
});
