/**
 * Demo planning: a contract for each of the first demo clients (read from the database, whatever
 * the clienti seeder wrote), with prices and pay per qualification, a few refused operators and a
 * service from the Monday of the current week for three weeks. Shifts are partly covered: up to a
 * week ahead most are assigned (confirmed up to two days ahead), later ones mostly uncovered.
 * Services and assignments go through the same service functions the API uses (the working-time
 * checks, the exclusion constraint, the audit log), so every assignment respects the rules.
 * Intermittent operators' calls up to tomorrow have their advance communication recorded.
 */
import { sql } from "drizzle-orm";
import type { TurnoCreate } from "../../../src/domain/contracts/pianificazione/servizi";
import type { TipoContrattoCliente } from "../../../src/domain/contratto";
import { addDays, daysBetween, instantToRome, weekStart } from "../../../src/domain/shift-rules";
import { queryRows } from "../../db/query";
import { SYSTEM_ACTOR, systemContext } from "../../lib/context";
import { HttpError } from "../../lib/errors";
import type { SeedContext } from "../../seed/demo";
import { assign } from "./assegnazione/assegnazione.service";
import { createServizio } from "./servizi/servizi.service";

type Settore = "banca" | "commerciale" | "logistica" | "sanita" | "eventi";

interface Piano {
  titolo: string;
  tipo_servizio: string;
  tipo_contratto: TipoContrattoCliente;
  giorni_settimana: number[];
  turni: { inizio_f1: string; fine_f1: string; inizio_f2?: string; fine_f2?: string; posizione: string; n: number }[];
}

const GPG_ARMATA = "Guardia particolare giurata armata";
const GPG = "Guardia particolare giurata";
const FIDUCIARIO = "Addetto ai servizi fiduciari";
const PORTIERE = "Portiere / Addetto alla reception";
const STEWARD = "Steward";

const PIANI: Record<Settore, Piano> = {
  banca: {
    titolo: "Piantonamento armato sede centrale",
    tipo_servizio: "Piantonamento armato",
    tipo_contratto: "Mensile",
    giorni_settimana: [1, 2, 3, 4, 5],
    turni: [
      { inizio_f1: "07:30", fine_f1: "13:30", posizione: GPG_ARMATA, n: 1 },
      { inizio_f1: "13:30", fine_f1: "19:30", posizione: GPG_ARMATA, n: 1 },
    ],
  },
  commerciale: {
    titolo: "Vigilanza e antitaccheggio galleria",
    tipo_servizio: "Vigilanza ispettiva",
    tipo_contratto: "Mensile",
    giorni_settimana: [1, 2, 3, 4, 5, 6, 7],
    turni: [
      { inizio_f1: "09:00", fine_f1: "15:00", posizione: GPG, n: 1 },
      { inizio_f1: "10:00", fine_f1: "13:00", inizio_f2: "16:00", fine_f2: "21:00", posizione: FIDUCIARIO, n: 1 },
    ],
  },
  logistica: {
    titolo: "Controllo accessi e ronda notturna",
    tipo_servizio: "Controllo accessi",
    tipo_contratto: "Mensile",
    giorni_settimana: [1, 2, 3, 4, 5, 6, 7],
    turni: [
      { inizio_f1: "06:00", fine_f1: "14:00", posizione: FIDUCIARIO, n: 1 },
      { inizio_f1: "22:00", fine_f1: "06:00", posizione: GPG, n: 1 },
    ],
  },
  sanita: {
    titolo: "Portineria e reception",
    tipo_servizio: "Portierato",
    tipo_contratto: "Mensile",
    giorni_settimana: [1, 2, 3, 4, 5, 6, 7],
    turni: [
      { inizio_f1: "07:00", fine_f1: "13:00", posizione: PORTIERE, n: 1 },
      { inizio_f1: "13:00", fine_f1: "19:00", posizione: FIDUCIARIO, n: 1 },
    ],
  },
  eventi: {
    titolo: "Steward manifestazioni",
    tipo_servizio: "Steward eventi",
    tipo_contratto: "Giornaliero",
    giorni_settimana: [5, 6, 7],
    turni: [{ inizio_f1: "18:00", fine_f1: "00:30", posizione: STEWARD, n: 3 }],
  },
};

const PREZZI: Record<string, { prezzo: number; compenso: number }> = {
  [GPG_ARMATA]: { prezzo: 24.5, compenso: 12.4 },
  [GPG]: { prezzo: 21.8, compenso: 11.1 },
  [FIDUCIARIO]: { prezzo: 17.9, compenso: 9.2 },
  [PORTIERE]: { prezzo: 16.5, compenso: 8.9 },
  [STEWARD]: { prezzo: 18.4, compenso: 9.6 },
};

function settore(ragioneSociale: string): Settore {
  if (/banca|cassa/i.test(ragioneSociale)) return "banca";
  if (/commerciale|galleria|supermercat/i.test(ragioneSociale)) return "commerciale";
  if (/cura|ospedale/i.test(ragioneSociale)) return "sanita";
  if (/arena|congressi|stadio|spettacoli/i.test(ragioneSociale)) return "eventi";
  return "logistica";
}

/** How many demo clients get a contract (enough for every sector, quick to seed). */
const CONTRATTI_DEMO = 8;
const SETTIMANE = 3;

export async function seedDemoPianificazione(ctx: SeedContext): Promise<void> {
  const tx = ctx.tx;
  // The seeder acts as the system (no staff user behind its audit entries), at the demo's day.
  const service = systemContext(tx, SYSTEM_ACTOR, () => ctx.today);
  const today = instantToRome(ctx.today.getTime()).day;
  const dal = weekStart(today);
  const al = addDays(dal, SETTIMANE * 7 - 1);

  const clienti = await queryRows<{
    id: number;
    ragione_sociale: string;
    indirizzo: string;
    citta: string;
    lat: number | null;
    lng: number | null;
  }>(
    tx,
    sql`SELECT cl.id, cl.ragione_sociale, coalesce(s.indirizzo, cl.indirizzo, '') AS indirizzo,
               coalesce(s.citta, cl.citta, '') AS citta, coalesce(s.lat, cl.lat) AS lat, coalesce(s.lng, cl.lng) AS lng
        FROM clienti cl
        LEFT JOIN LATERAL (SELECT * FROM clienti_sedi cs WHERE cs.cliente_id = cl.id ORDER BY cs.id LIMIT 1) s ON true
        WHERE cl.attivo ORDER BY cl.id LIMIT ${CONTRATTI_DEMO}`,
  );
  if (!clienti.length) return;
  const posizioni = new Map(
    (await queryRows<{ id: number; descrizione: string }>(tx, sql`SELECT id, descrizione FROM posizioni`)).map((p) => [
      p.descrizione,
      p.id,
    ]),
  );
  // Qualified operators per qualification (the checks decide who may really take each shift).
  const qualificati = new Map<number, number[]>();
  for (const r of await queryRows<{ posizione_id: number; operatore_id: number }>(
    tx,
    sql`SELECT op.posizione_id, op.operatore_id FROM operatori_posizioni op JOIN operatori o ON o.id = op.operatore_id
        WHERE o.attivo AND NOT o.cessato ORDER BY op.posizione_id, o.id`,
  ))
    qualificati.set(r.posizione_id, [...(qualificati.get(r.posizione_id) ?? []), r.operatore_id]);

  let turnoSeq = 0;
  for (const [ci, cl] of clienti.entries()) {
    const piano = PIANI[settore(cl.ragione_sociale)];
    const turni: TurnoCreate[] = piano.turni
      .filter((t) => posizioni.has(t.posizione))
      .map((t) => ({
        inizio_f1: `${t.inizio_f1}:00`,
        fine_f1: `${t.fine_f1}:00`,
        inizio_f2: t.inizio_f2 ? `${t.inizio_f2}:00` : null,
        fine_f2: t.fine_f2 ? `${t.fine_f2}:00` : null,
        posizione: posizioni.get(t.posizione)!,
        operatori_richiesti: t.n,
        note: "",
      }));
    const [contratto] = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO contratti (titolo, cliente_id, tipo_contratto, numero_contratto, tipo_servizio, sede, agente,
                                 responsabile, responsabile_zona, annotazioni, allarme, notifica)
          VALUES (${`${piano.titolo} — ${cl.citta}`}, ${cl.id}, ${piano.tipo_contratto}, ${`${ctx.today.getFullYear()}/${String(101 + ci)}`},
                  ${piano.tipo_servizio}, ${cl.citta}, ${["Bianchi", "Esposito", "Colombo"][ci % 3]},
                  ${["Marco Ferri", "Giulia Conti", "Paolo Greco"][ci % 3]}, ${cl.citta},
                  ${ci % 2 === 0 ? "Consegne chiavi presso la portineria centrale." : null}, ${ci % 3 === 0}, ${ci % 2 === 0})
          RETURNING id`,
    );
    const posUsate = [...new Set(turni.map((t) => t.posizione))];
    for (const p of posUsate) {
      const nome = [...posizioni].find(([, id]) => id === p)![0];
      const listino = PREZZI[nome] ?? { prezzo: 18, compenso: 9.5 };
      await tx.execute(
        sql`INSERT INTO contratti_prezzi (contratto_id, posizione_id, prezzo_orario, maggiorazione_notturna,
                                          maggiorazione_festiva, maggiorazione_domenicale)
            VALUES (${contratto.id}, ${p}, ${listino.prezzo}, 15, 30, 20)`,
      );
      await tx.execute(
        sql`INSERT INTO contratti_compensi (contratto_id, posizione_id, compenso_orario)
            VALUES (${contratto.id}, ${p}, ${listino.compenso})`,
      );
    }
    // One refused operator on every other contract: the client asked not to have them back.
    if (ci % 2 === 1) {
      const lista = qualificati.get(posUsate[0]) ?? [];
      const rifiutato = lista[(ci * 3) % Math.max(1, lista.length)];
      if (rifiutato !== undefined)
        await tx.execute(
          sql`INSERT INTO contratti_non_graditi (contratto_id, operatore_id, motivo)
              VALUES (${contratto.id}, ${rifiutato}, ${["Ritardi ripetuti segnalati dal cliente", "Richiesta del responsabile di sede", "Comportamento non conforme al regolamento del sito"][ci % 3]})`,
        );
    }

    const servizio = await createServizio(service, contratto.id, {
      dal,
      al,
      descrizione: `${piano.tipo_servizio} — ${cl.citta}`,
      indirizzo: cl.indirizzo ? `${cl.indirizzo}, ${cl.citta}` : cl.citta,
      lat: cl.lat,
      lng: cl.lng,
      note: "",
      giorni_settimana: piano.giorni_settimana,
      turni,
    });

    for (const g of servizio.giorni) {
      const offset = daysBetween(today, g.giorno);
      for (const t of g.turni) {
        turnoSeq += 1;
        // Up to a week ahead: covered except one shift in five; later: one shift in three gets someone.
        const copri = offset <= 7 ? turnoSeq % 5 !== 0 : turnoSeq % 3 === 0;
        if (!copri) continue;
        const conferma = offset <= 2 && turnoSeq % 4 !== 1;
        const lista = qualificati.get(t.posizione.id) ?? [];
        let presi = 0;
        for (let k = 0; k < lista.length && presi < t.operatori_richiesti && k < 12; k++) {
          const operatore = lista[(turnoSeq * 7 + k) % lista.length];
          try {
            await assign(
              service,
              { idContratto: contratto.id, idServizio: servizio.id, idGiorno: g.id, idTurno: t.id },
              operatore,
              { conferma },
            );
            presi += 1;
          } catch (e) {
            if (!(e instanceof HttpError) || e.statusCode !== 409) throw e;
          }
        }
      }
    }
  }

  // Intermittent workers: the advance communication is on record for calls up to tomorrow.
  await tx.execute(
    sql`INSERT INTO intermittenti_comunicazioni (turno_operatore_id, inviata_il, riferimento)
        SELECT a.id, ((g.giorno - 1) + time '17:30') AT TIME ZONE 'Europe/Rome', 'UNILAV-' || to_char(g.giorno, 'YYYYMMDD') || '-' || a.id
        FROM turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
        WHERE g.giorno <= ${addDays(today, 1)}::date AND a.id % 3 <> 0
          AND EXISTS (SELECT 1 FROM operatori_contratti oc WHERE oc.operatore_id = a.operatore_id
                      AND oc.tipo = 'intermittente' AND oc.data_inizio <= g.giorno
                      AND (oc.data_fine IS NULL OR oc.data_fine >= g.giorno))`,
  );

  // One derogation on record (the Deroghe list has something to show: issue 32 item 10): a past
  // shift's confirmation given after the day, with its reason, as a holder of erp_contratti_deroghe
  // would have done it.
  await tx.execute(
    sql`INSERT INTO turni_deroghe (turno_id, operatore_id, codici, dettaglio, motivo, utente_id, creata_il)
        SELECT a.turno_id, a.operatore_id, '{giorno_passato}', 'Conferma registrata a giorno passato',
               'Presenza verificata sul foglio firme del cliente', NULL, ${ctx.today}::timestamptz - interval '1 day'
          FROM turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
         WHERE g.giorno < ${today}::date AND a.confermato
         ORDER BY g.giorno DESC, a.id LIMIT 1`,
  );
}
