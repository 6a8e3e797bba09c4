/**
 * The Console suites' set-up, once: an operator (with or without the app), a planned shift — its
 * client, contract (with the anomaly thresholds), service at a site in Milan, day, shift and the
 * assigned operators with their planned periods —, a check-in written as the app would have sent
 * it, a guard signed in to /api/app/, a support ticket. Each returns the new row's id (or token).
 *
 *   const fx = consoleFixture(ctx);
 *   const russo = await fx.operatore("Russo", { applicazione: true });
 *   const turno = await fx.turno({ name: "banca", giorno: "2026-07-10", assegnati: [russo] });
 *   await fx.timbratura({ operatore: russo, turno, tipo: "ingresso", at: "2026-07-10T06:12:00Z" });
 */
import { type SQL, sql } from "drizzle-orm";
import { queryOne } from "../../../server/db/query";
import { hashPassword } from "../../../server/lib/passwords";
import { INFORMATIVA_VERSIONE } from "../../../src/domain/informativa-posizione";
import { TEST_SCRYPT_N, type TestApp } from "../helpers/app";

/** The service's site: Milan, Piazza del Duomo. */
export const SITO = { lat: 45.4642, lng: 9.19 };
export const APP_PASSWORD = "Password-App-2026";

export interface TurnoSpec {
  /** Names the client ('Cliente {name}' unless `cliente`), contract and service. */
  name: string;
  cliente?: string;
  giorno: string;
  /** Rome wall-clock 'HH:mm'; 08:00–16:00 by default. */
  inizio?: string;
  fine?: string;
  assegnati?: number[];
  /** The contract's thresholds: minutes without a check-in, metres from the site (15 and 300 by default). */
  soglie?: { minuti?: number; metri?: number };
}

export function consoleFixture(ctx: () => TestApp) {
  const db = () => ctx().database.db;
  const id = async (q: SQL) => ((await queryOne<{ id: number }>(db(), q)) as { id: number }).id;

  return {
    operatore: (cognome: string, o: { nome?: string; applicazione?: boolean } = {}) =>
      id(sql`INSERT INTO operatori (nome, cognome, applicazione)
             VALUES (${o.nome ?? "Mario"}, ${cognome}, ${o.applicazione ?? false}) RETURNING id`),

    /** A shift of one day with its assigned operators and their planned periods; its id. */
    async turno(t: TurnoSpec): Promise<number> {
      const [inizio, fine] = [t.inizio ?? "08:00", t.fine ?? "16:00"];
      const cl = await id(sql`INSERT INTO clienti (ragione_sociale, citta, prov)
                              VALUES (${t.cliente ?? `Cliente ${t.name}`}, 'Milano', 'MI') RETURNING id`);
      const c = await id(sql`INSERT INTO contratti (titolo, cliente_id, anomalie_minuti, anomalie_distanza_m)
                             VALUES (${`Contratto ${t.name}`}, ${cl}, ${t.soglie?.minuti ?? 15}, ${t.soglie?.metri ?? 300})
                             RETURNING id`);
      const s = await id(sql`INSERT INTO servizi (contratto_id, dal, al, descrizione, lat, lng)
                             VALUES (${c}, ${t.giorno}::date, ${t.giorno}::date, ${`Servizio ${t.name}`}, ${SITO.lat}, ${SITO.lng})
                             RETURNING id`);
      const g = await id(sql`INSERT INTO giorni (servizio_id, giorno) VALUES (${s}, ${t.giorno}::date) RETURNING id`);
      const turno = await id(sql`INSERT INTO turni (giorno_id, inizio_f1, fine_f1, posizione_id)
                                 VALUES (${g}, ${inizio}::time, ${fine}::time, (SELECT min(id) FROM posizioni)) RETURNING id`);
      for (const op of t.assegnati ?? []) {
        const to = await id(
          sql`INSERT INTO turni_operatori (turno_id, operatore_id) VALUES (${turno}, ${op}) RETURNING id`,
        );
        await db().execute(sql`INSERT INTO turni_operatori_periodi (turno_operatore_id, turno_id, operatore_id, periodo)
          VALUES (${to}, ${turno}, ${op},
                  tstzrange((${t.giorno}::date + ${inizio}::time) AT TIME ZONE 'Europe/Rome',
                            (${t.giorno}::date + ${fine}::time) AT TIME ZONE 'Europe/Rome'))`);
      }
      return turno;
    },

    /** A check-in or check-out as the app stores it (no detection: the app's route does that). */
    timbratura: async (x: {
      operatore: number;
      turno: number;
      tipo: "ingresso" | "uscita";
      at: string;
      lat?: number;
    }) => {
      await db().execute(sql`INSERT INTO app_timbrature (operatore_id, client_id, turno_id, tipo, data_ora, ricevuta_il,
                                                         lat, lng, accuratezza, sincronizzata_tardi, assegnato)
        VALUES (${x.operatore}, gen_random_uuid(), ${x.turno}, ${x.tipo}, ${x.at}::timestamptz, ${x.at}::timestamptz,
                ${x.lat ?? SITO.lat}, ${SITO.lng}, 10, false, true)`);
    },

    /**
     * App credentials for the operator (username: `username`) and a token from /api/app/login/. The
     * guard has acknowledged the notice on positions, as the app asks at the first sign-in, unless
     * `informativa: false` (without it the server keeps no position: app-informativa.service.ts).
     */
    async appToken(operatore: number, username: string, o: { informativa?: boolean } = {}): Promise<string> {
      await db().execute(sql`INSERT INTO app_credenziali (operatore_id, username, password_hash)
        VALUES (${operatore}, ${username}, ${await hashPassword(APP_PASSWORD, TEST_SCRYPT_N)})`);
      if (o.informativa !== false)
        await db().execute(sql`INSERT INTO app_informativa_conferme (operatore_id, versione, confermata_il)
          VALUES (${operatore}, ${INFORMATIVA_VERSIONE}, now()) ON CONFLICT DO NOTHING`);
      const res = await ctx().app.inject({
        method: "POST",
        url: "/api/app/login/",
        payload: { username, password: APP_PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`login app di ${username}: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },

    /** A ticket sent from the app (subject `oggetto`, text 'Testo {oggetto}'), read by `lettoDa` at its time if given. */
    ticket: (t: { operatore: number; oggetto: string; at: string; tipo: string; stato?: string; lettoDa?: number }) =>
      id(sql`INSERT INTO ticket_supporto (operatore_id, data_ora, tipo, stato, oggetto, testo, letto_il, letto_da)
             VALUES (${t.operatore}, ${t.at}::timestamptz, ${t.tipo}, ${t.stato ?? "aperto"}, ${t.oggetto},
                     ${`Testo ${t.oggetto}`}, ${t.lettoDa ? t.at : null}::timestamptz, ${t.lettoDa ?? null})
             RETURNING id`),
  };
}
