/**
 * The tours suites' set-up: a client, a contract and a service at a site in Milan with `giorni`
 * days from `dal` and on each a shift (night by default, 22:00–06:00 Rome) with the given guards
 * assigned (their planned periods crossing midnight), and the office user who plans it.
 */
import { type SQL, sql } from "drizzle-orm";
import { queryOne } from "../../../../server/db/query";
import type { TestApp } from "../../helpers/app";

export const SITO = { lat: 45.4642, lng: 9.19 };

export function rondeFixture(ctx: () => TestApp) {
  const db = () => ctx().database.db;
  const id = async (q: SQL) => ((await queryOne<{ id: number }>(db(), q)) as { id: number }).id;
  return {
    async servizio(o: {
      nome: string;
      dal: string;
      giorni: number;
      inizio?: string;
      fine?: string;
      assegnati?: number[];
    }): Promise<{ contratto: number; servizio: number; turni: number[]; base: string }> {
      const [inizio, fine] = [o.inizio ?? "22:00", o.fine ?? "06:00"];
      const cl = await id(sql`INSERT INTO clienti (ragione_sociale, citta, prov)
                              VALUES (${`Cliente ${o.nome}`}, 'Milano', 'MI') RETURNING id`);
      const c = await id(
        sql`INSERT INTO contratti (titolo, cliente_id) VALUES (${`Contratto ${o.nome}`}, ${cl}) RETURNING id`,
      );
      const s = await id(sql`INSERT INTO servizi (contratto_id, dal, al, descrizione, indirizzo, lat, lng)
                             VALUES (${c}, ${o.dal}::date, ${o.dal}::date + ${o.giorni - 1}::int, ${`Servizio ${o.nome}`},
                                     'Piazza del Duomo 1, Milano', ${SITO.lat}, ${SITO.lng}) RETURNING id`);
      const turni: number[] = [];
      for (let k = 0; k < o.giorni; k++) {
        const g = await id(
          sql`INSERT INTO giorni (servizio_id, giorno) VALUES (${s}, ${o.dal}::date + ${k}::int) RETURNING id`,
        );
        const t = await id(sql`INSERT INTO turni (giorno_id, inizio_f1, fine_f1, posizione_id)
                               VALUES (${g}, ${inizio}::time, ${fine}::time, (SELECT min(id) FROM posizioni)) RETURNING id`);
        turni.push(t);
        for (const op of o.assegnati ?? []) {
          const to = await id(
            sql`INSERT INTO turni_operatori (turno_id, operatore_id) VALUES (${t}, ${op}) RETURNING id`,
          );
          await db().execute(sql`INSERT INTO turni_operatori_periodi (turno_operatore_id, turno_id, operatore_id, periodo)
            SELECT ${to}, ${t}, ${op},
                   tstzrange((g.giorno + ${inizio}::time) AT TIME ZONE 'Europe/Rome',
                             (g.giorno + CASE WHEN ${fine}::time <= ${inizio}::time THEN 1 ELSE 0 END + ${fine}::time) AT TIME ZONE 'Europe/Rome')
              FROM giorni g WHERE g.id = ${g}`);
        }
      }
      return { contratto: c, servizio: s, turni, base: `/api/pianificazione/contratti/${c}/servizi/${s}` };
    },
  };
}
