/**
 * A client's FatturaPA data (issue 35 item 2): the flags of fatturazione_clienti (migration 0901), the
 * codice destinatario and PEC of the client's record (clienti.codice_sdi, clienti.pec: the same fields
 * the client's page edits), and its contracts' CIG / CUP (fatturazione_contratti). Each save is one
 * transaction with its audit entry, the client (or the contract) as the object.
 */
import { sql } from "drizzle-orm";
import {
  type CigCup,
  type CigCupData,
  type DatiFatturaPA,
  type DatiFatturaPAData,
  validaCigCup,
  validaDatiFatturaPA,
} from "../../../../src/domain/contracts/fatturazione/dati-fatturapa";
import type { Executor } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { AZIONI, changeLog, writeAudit } from "../../../lib/audit";
import { auditBy, type ServiceContext } from "../../../lib/context";
import { notFound, validationError } from "../../../lib/errors";

export const CLIENTE_NON_TROVATO = "Cliente non trovato";
export const CONTRATTO_NON_TROVATO = "Contratto non trovato";

const LABELS = {
  pubblica_amministrazione: "Pubblica amministrazione",
  codice_destinatario: "Codice destinatario / IPA",
  pec: "PEC",
  split_payment: "Scissione dei pagamenti",
  natura: "Natura IVA",
  riferimento_normativo: "Riferimento normativo",
};

export async function leggiDatiFatturaPA(ex: Executor, id: number): Promise<DatiFatturaPA> {
  const c = await queryOne<Omit<DatiFatturaPA, "contratti">>(
    ex,
    sql`SELECT cl.id AS cliente, cl.ragione_sociale, coalesce(fc.pubblica_amministrazione, false) AS pubblica_amministrazione,
          cl.codice_sdi AS codice_destinatario, cl.pec, coalesce(fc.split_payment, false) AS split_payment, fc.natura,
          coalesce(fc.riferimento_normativo, '') AS riferimento_normativo
        FROM clienti cl LEFT JOIN fatturazione_clienti fc ON fc.cliente_id = cl.id WHERE cl.id = ${id}`,
  );
  if (!c) throw notFound(CLIENTE_NON_TROVATO);
  const contratti = await queryRows<CigCup>(
    ex,
    sql`SELECT c.id, c.titolo, coalesce(fk.cig, '') AS cig, coalesce(fk.cup, '') AS cup
        FROM contratti c LEFT JOIN fatturazione_contratti fk ON fk.contratto_id = c.id
        WHERE c.cliente_id = ${id} ORDER BY c.attivo DESC, c.titolo, c.id`,
  );
  return { ...c, contratti };
}

export async function salvaDatiFatturaPA(ctx: ServiceContext, id: number, data: DatiFatturaPAData) {
  return ctx.db.transaction(async (tx) => {
    const prima = await leggiDatiFatturaPA(tx, id);
    const dopo = {
      pubblica_amministrazione: data.pubblica_amministrazione ?? prima.pubblica_amministrazione,
      codice_destinatario: (data.codice_destinatario ?? prima.codice_destinatario).toUpperCase(),
      pec: (data.pec ?? prima.pec).toLowerCase(),
      split_payment: data.split_payment ?? prima.split_payment,
      natura: data.natura === undefined ? prima.natura : data.natura || null,
      riferimento_normativo: data.riferimento_normativo ?? prima.riferimento_normativo,
    };
    const errors = validaDatiFatturaPA(dopo);
    if (Object.keys(errors).length) throw validationError(errors);
    await tx.execute(
      sql`UPDATE clienti SET codice_sdi = ${dopo.codice_destinatario}, pec = ${dopo.pec} WHERE id = ${id}`,
    );
    await tx.execute(
      sql`INSERT INTO fatturazione_clienti (cliente_id, pubblica_amministrazione, split_payment, natura, riferimento_normativo)
          VALUES (${id}, ${dopo.pubblica_amministrazione}, ${dopo.split_payment}, ${dopo.natura}, ${dopo.riferimento_normativo})
          ON CONFLICT (cliente_id) DO UPDATE SET pubblica_amministrazione = EXCLUDED.pubblica_amministrazione,
            split_payment = EXCLUDED.split_payment, natura = EXCLUDED.natura,
            riferimento_normativo = EXCLUDED.riferimento_normativo`,
    );
    const righe = changeLog(prima, dopo, LABELS);
    if (righe.length)
      await writeAudit(tx, {
        ...auditBy(ctx.actor),
        azione: AZIONI.update,
        contentType: "clienti",
        objectId: id,
        note: "Dati per la fattura elettronica",
        changeLog: righe,
      });
    return leggiDatiFatturaPA(tx, id);
  });
}

export async function salvaCigCup(ctx: ServiceContext, id: number, data: CigCupData): Promise<CigCup> {
  return ctx.db.transaction(async (tx) => {
    const prima = await queryOne<CigCup>(
      tx,
      sql`SELECT c.id, c.titolo, coalesce(fk.cig, '') AS cig, coalesce(fk.cup, '') AS cup
          FROM contratti c LEFT JOIN fatturazione_contratti fk ON fk.contratto_id = c.id WHERE c.id = ${id}`,
    );
    if (!prima) throw notFound(CONTRATTO_NON_TROVATO);
    const dopo = { ...prima, cig: data.cig ?? prima.cig, cup: data.cup ?? prima.cup };
    const errors = validaCigCup(dopo);
    if (Object.keys(errors).length) throw validationError(errors);
    await tx.execute(
      sql`INSERT INTO fatturazione_contratti (contratto_id, cig, cup) VALUES (${id}, ${dopo.cig}, ${dopo.cup})
          ON CONFLICT (contratto_id) DO UPDATE SET cig = EXCLUDED.cig, cup = EXCLUDED.cup`,
    );
    const righe = changeLog(prima, dopo, { cig: "CIG", cup: "CUP" });
    if (righe.length)
      await writeAudit(tx, {
        ...auditBy(ctx.actor),
        azione: AZIONI.update,
        contentType: "contratti",
        objectId: id,
        note: "Dati per la fattura elettronica",
        changeLog: righe,
      });
    return dopo;
  });
}
