/**
 * A service's tabs under /api/pianificazione/contratti/{idContratto}/servizi/{idServizio}/:
 * costi, dotazioni, note-ed-allegati (CRUD) and operatori-assegnati (operators with their hours).
 */

import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { id } from "../../../src/domain/contracts/pianificazione/fields";
import {
  CostoData,
  CostoOut,
  CostoUpdateData,
  DotazioneData,
  DotazioneOut,
  DotazioneUpdateData,
  NotaAllegatoOut,
  NotaData,
  NotaUpdateData,
  type OperatoreAssegnato,
  OperatoriAssegnatiOut,
} from "../../../src/domain/contracts/pianificazione/servizi-righe";
import { CAPABILITIES } from "../../../src/domain/permissions";
import type { Executor } from "../../db/client";
import { queryOne, queryRows } from "../../db/query";
import { validationError } from "../../lib/errors";
import { rel } from "./audit";
import { registerChildCrud } from "./child-crud";
import { servizioScope } from "./scope";

const params = z.object({ idContratto: id(), idServizio: id() });
type P = z.infer<typeof params>;
const parent = async (ex: Executor, p: P) => (await servizioScope(ex, p.idContratto, p.idServizio)).servizio_id;
const related = (p: P) => [rel("servizio", p.idServizio), rel("contratto", p.idContratto)];
const permissions = CAPABILITIES.contratti;
const S = "/:idContratto/servizi/:idServizio";

async function checkRefs(ex: Executor, data: Record<string, unknown>, servizioId: number) {
  if (
    typeof data.operatore === "number" &&
    !(await queryOne(ex, sql`SELECT 1 FROM operatori WHERE id = ${data.operatore}`))
  )
    throw validationError({ operatore: "Operatore non trovato" });
  if (
    typeof data.file === "string" &&
    // Only a file uploaded to this same service may be linked to its notes.
    !(await queryOne(
      ex,
      sql`SELECT 1 FROM files WHERE id = ${data.file}::uuid AND owner_type = 'servizio' AND owner_id = ${String(servizioId)}`,
    ))
  )
    throw validationError({ file: "File non trovato" });
  if (
    typeof data.consegnata_il === "string" &&
    typeof data.restituita_il === "string" &&
    data.restituita_il < data.consegnata_il
  )
    throw validationError({ restituita_il: "La restituzione non può precedere la consegna" });
}

export const serviziRigheRoutes: FastifyPluginAsync = async (base) => {
  registerChildCrud(base, {
    path: `${S}/costi`,
    params,
    permissions,
    table: "servizi_costi",
    parentColumn: "servizio_id",
    parent,
    related,
    contentType: "servizio_costo",
    columns: { tipo: "tipo", importo: "importo", data: "data", note: "note" },
    labels: { tipo: "Tipo", importo: "Importo", data: "Data", note: "Note" },
    row: CostoOut,
    create: CostoData,
    update: CostoUpdateData,
    select: sql`x.id, x.tipo, x.importo::float8 AS importo, to_char(x.data, 'YYYY-MM-DD') AS data, x.note`,
    orderBy: sql`x.data, x.id`,
  });
  registerChildCrud(base, {
    path: `${S}/dotazioni`,
    params,
    permissions,
    table: "servizi_dotazioni",
    parentColumn: "servizio_id",
    parent,
    related,
    contentType: "servizio_dotazione",
    columns: {
      descrizione: "descrizione",
      quantita: "quantita",
      operatore: "operatore_id",
      consegnata_il: "consegnata_il",
      restituita_il: "restituita_il",
      note: "note",
    },
    labels: {
      descrizione: "Descrizione",
      quantita: "Quantità",
      operatore_nome: "Operatore",
      consegnata_il: "Consegnata il",
      restituita_il: "Restituita il",
      note: "Note",
    },
    row: DotazioneOut,
    create: DotazioneData,
    update: DotazioneUpdateData,
    select: sql`x.id, x.descrizione, x.quantita,
      CASE WHEN o.id IS NULL THEN NULL ELSE json_build_object('id', o.id, 'cognome', o.cognome, 'nome', o.nome) END AS operatore,
      o.cognome || ' ' || o.nome AS operatore_nome,
      to_char(x.consegnata_il, 'YYYY-MM-DD') AS consegnata_il, to_char(x.restituita_il, 'YYYY-MM-DD') AS restituita_il, x.note`,
    joins: sql`LEFT JOIN operatori o ON o.id = x.operatore_id`,
    orderBy: sql`x.id`,
    check: checkRefs,
  });
  registerChildCrud(base, {
    path: `${S}/note-ed-allegati`,
    params,
    permissions,
    table: "servizi_allegati",
    parentColumn: "servizio_id",
    parent,
    related,
    contentType: "servizio_allegato",
    columns: { nota: "nota", file: "file_id" },
    labels: { nota: "Nota", file_nome: "File" },
    row: NotaAllegatoOut,
    create: NotaData,
    update: NotaUpdateData,
    select: sql`x.id, x.nota, CASE WHEN f.id IS NULL THEN NULL ELSE json_build_object('id', f.id, 'nome', f.nome_originale, 'mime', f.mime, 'dimensione', f.dimensione) END AS file,
      f.nome_originale AS file_nome, x.created_at`,
    joins: sql`LEFT JOIN files f ON f.id = x.file_id`,
    orderBy: sql`x.created_at DESC, x.id DESC`,
    check: checkRefs,
  });

  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${S}/operatori-assegnati/`,
    { config: { permissions }, schema: { tags: ["pianificazione"], params, response: { 200: OperatoriAssegnatiOut } } },
    async (req) => {
      await servizioScope(app.db, req.params.idContratto, req.params.idServizio);
      return {
        results: await queryRows<OperatoreAssegnato>(
          app.db,
          sql`SELECT o.id, o.cognome, o.nome, count(DISTINCT a.turno_id)::int AS turni,
                   count(DISTINCT a.turno_id) FILTER (WHERE a.confermato)::int AS turni_confermati,
                   coalesce(sum(extract(epoch FROM upper(p.periodo) - lower(p.periodo))), 0)::int AS secondi,
                   to_char(min(g.giorno), 'YYYY-MM-DD') AS primo_giorno, to_char(max(g.giorno), 'YYYY-MM-DD') AS ultimo_giorno
            FROM giorni g JOIN turni t ON t.giorno_id = g.id JOIN turni_operatori a ON a.turno_id = t.id
            JOIN operatori o ON o.id = a.operatore_id LEFT JOIN turni_operatori_periodi p ON p.turno_operatore_id = a.id
            WHERE g.servizio_id = ${req.params.idServizio}
            GROUP BY o.id ORDER BY o.cognome, o.nome, o.id`,
        ),
      };
    },
  );
};
