/**
 * Path scoping: /contratti/{c}/servizi/{s}/giorni/{g}/turni/{t}/ — every level must belong to the
 * one above it, else 404. One query loads the whole chain with what the checks and headers need.
 */
import { sql } from "drizzle-orm";
import { DEFAULT_RULE_PROFILES, FALLBACK_PROFILE_CODE, type RuleProfile } from "../../../src/domain/shift-rules";
import type { Executor } from "../../db/client";
import { queryOne, queryOnePrepared } from "../../db/query";
import { notFound } from "../../lib/errors";

export interface ServizioScope {
  contratto_id: number;
  contratto_titolo: string;
  cliente_id: number;
  ragione_sociale: string;
  servizio_id: number;
  dal: string;
  al: string;
  indirizzo: string;
  lat: number | null;
  lng: number | null;
}

export interface GiornoScope extends ServizioScope {
  giorno_id: number;
  giorno: string;
}

export interface TurnoScope extends GiornoScope {
  turno_id: number;
  inizio_f1: string;
  fine_f1: string;
  inizio_f2: string | null;
  fine_f2: string | null;
  posizione_id: number;
  posizione: string;
  operatori_richiesti: number;
  /** Operators on the shift when the scope was read (for the 'already fully staffed' warning). */
  operatori_assegnati: number;
  /** The working-time rules of the shift's qualification (its mapping, else D.Lgs. 66/2003). */
  profilo: RuleProfile;
}

const BASE = sql`c.id AS contratto_id, c.titolo AS contratto_titolo, c.cliente_id, cl.ragione_sociale,
  s.id AS servizio_id, to_char(s.dal, 'YYYY-MM-DD') AS dal, to_char(s.al, 'YYYY-MM-DD') AS al, s.indirizzo, s.lat, s.lng`;

export async function servizioScope(ex: Executor, contrattoId: number, servizioId: number): Promise<ServizioScope> {
  const r = await queryOne<ServizioScope>(
    ex,
    sql`SELECT ${BASE} FROM servizi s JOIN contratti c ON c.id = s.contratto_id JOIN clienti cl ON cl.id = c.cliente_id
        WHERE s.id = ${servizioId} AND s.contratto_id = ${contrattoId}`,
  );
  if (!r) throw notFound("Servizio non trovato");
  return r;
}

export async function giornoScope(
  ex: Executor,
  contrattoId: number,
  servizioId: number,
  giornoId: number,
): Promise<GiornoScope> {
  const r = await queryOne<GiornoScope>(
    ex,
    sql`SELECT ${BASE}, g.id AS giorno_id, to_char(g.giorno, 'YYYY-MM-DD') AS giorno
        FROM giorni g JOIN servizi s ON s.id = g.servizio_id JOIN contratti c ON c.id = s.contratto_id
        JOIN clienti cl ON cl.id = c.cliente_id
        WHERE g.id = ${giornoId} AND s.id = ${servizioId} AND s.contratto_id = ${contrattoId}`,
  );
  if (!r) throw notFound("Giorno non trovato");
  return r;
}

export async function turnoScope(
  ex: Executor,
  ids: { idContratto: number; idServizio: number; idGiorno: number; idTurno: number },
): Promise<TurnoScope> {
  const r = await queryOnePrepared<Omit<TurnoScope, "profilo"> & { profilo: RuleProfile | null }>(
    ex,
    sql`SELECT ${BASE}, g.id AS giorno_id, to_char(g.giorno, 'YYYY-MM-DD') AS giorno,
               t.id AS turno_id, t.inizio_f1::text, t.fine_f1::text, t.inizio_f2::text, t.fine_f2::text,
               t.posizione_id, p.descrizione AS posizione, t.operatori_richiesti,
               (SELECT count(*)::int FROM turni_operatori a WHERE a.turno_id = t.id) AS operatori_assegnati,
               (SELECT json_build_object('codice', r.codice, 'descrizione', r.descrizione,
                         'riposo_minimo_ore', r.riposo_minimo_ore::float8, 'max_ore_7_giorni', r.max_ore_7_giorni::float8,
                         'max_ore_turno', r.max_ore_turno::float8, 'fonte', r.fonte)
                FROM profili_regole r
                WHERE r.codice = coalesce((SELECT pp.profilo_codice FROM posizioni_profilo pp WHERE pp.posizione_id = t.posizione_id),
                                          ${FALLBACK_PROFILE_CODE})) AS profilo
        FROM turni t JOIN giorni g ON g.id = t.giorno_id JOIN servizi s ON s.id = g.servizio_id
        JOIN contratti c ON c.id = s.contratto_id JOIN clienti cl ON cl.id = c.cliente_id
        JOIN posizioni p ON p.id = t.posizione_id
        WHERE t.id = ${ids.idTurno} AND g.id = ${ids.idGiorno} AND s.id = ${ids.idServizio}
          AND s.contratto_id = ${ids.idContratto}`,
  );
  if (!r) throw notFound("Turno non trovato");
  const profilo =
    typeof r.profilo === "string" ? (JSON.parse(r.profilo) as RuleProfile) : (r.profilo ?? fallbackProfile());
  return { ...r, profilo };
}

const fallbackProfile = () => DEFAULT_RULE_PROFILES.find((p) => p.codice === FALLBACK_PROFILE_CODE) as RuleProfile;
