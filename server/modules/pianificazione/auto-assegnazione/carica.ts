/**
 * What the model needs, read in a few set-based statements (never one query per place or per
 * operator): the uncovered places of the period, the active operators with what the fixed rules
 * read (qualifications, licences and courses of the required kinds, weekly availability,
 * unavailability, non graditi), their assignments around the period and where they worked
 * lately (continuity). The fixed rules are then applied here (`idoneita.ts`), to every pair at
 * once; `test/server/pianificazione/auto-assegnazione` checks them against the eligibility query of
 * the manual assign on the same data.
 */
import { type SQL, sql } from "drizzle-orm";
import type { AutoAssegnazioneRichiesta } from "../../../../src/domain/contracts/pianificazione/auto-assegnazione";
import { PROVINCE, provinciaBySigla } from "../../../../src/domain/province";
import {
  addDays,
  DEFAULT_RULE_PROFILES,
  FALLBACK_PROFILE_CODE,
  type RuleProfile,
  shiftIntervals,
} from "../../../../src/domain/shift-rules";
import type { Executor } from "../../../db/client";
import { queryRows } from "../../../db/query";
import { type DatiOperatore, idoneita } from "./idoneita";
import type { Istanza, Lavoro, OperatoreModello, Posto } from "./modello";

/** A place with what the answer shows of it. */
export interface PostoCaricato extends Posto {
  giorno_id: number;
  inizio_f1: string;
  fine_f1: string;
  inizio_f2: string | null;
  fine_f2: string | null;
  posizione_id: number;
  posizione: string;
  contratto: string;
  cliente: string;
  operatori_richiesti: number;
}

export interface Caricato {
  istanza: Istanza;
  posti: PostoCaricato[];
  /** Operators the shifts of the period ask for, and how many of them are already assigned. */
  posti_totali: number;
  coperti_prima: number;
}

const ints = (xs: readonly number[]) => `{${xs.map((x) => Math.trunc(Number(x))).join(",")}}`;
const json = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);

/** The WHERE of the shifts in scope (alias t, g, s, c, cl); days up to `bloccato_fino_al` are locked (out). */
function scopeSql(r: AutoAssegnazioneRichiesta & { bloccato_fino_al?: string | null }): SQL {
  const parts: SQL[] = [sql`g.giorno BETWEEN ${r.dal}::date AND ${r.al}::date`];
  if (r.bloccato_fino_al) parts.push(sql`g.giorno > ${r.bloccato_fino_al}::date`);
  if (r.servizi?.length) parts.push(sql`s.id = ANY(${ints(r.servizi)}::int[])`);
  if (r.contratti?.length) parts.push(sql`c.id = ANY(${ints(r.contratti)}::int[])`);
  if (r.cliente) parts.push(sql`c.cliente_id = ${r.cliente}`);
  if (r.regione) {
    const sigle = PROVINCE.filter((p) => p.regione === r.regione).map((p) => p.sigla);
    parts.push(sql`upper(cl.prov) = ANY(${`{${sigle.join(",")}}`}::text[])`);
  }
  return sql.join(parts, sql` AND `);
}

export async function carica(
  ex: Executor,
  r: AutoAssegnazioneRichiesta & { bloccato_fino_al?: string | null },
): Promise<Caricato> {
  const profili = await queryRows<{ posizione_id: number | null; profilo: RuleProfile | string }>(
    ex,
    sql`SELECT pp.posizione_id, json_build_object('codice', p.codice, 'descrizione', p.descrizione,
                 'riposo_minimo_ore', p.riposo_minimo_ore::float8, 'max_ore_7_giorni', p.max_ore_7_giorni::float8,
                 'max_ore_turno', p.max_ore_turno::float8, 'fonte', p.fonte) AS profilo
        FROM profili_regole p LEFT JOIN posizioni_profilo pp ON pp.profilo_codice = p.codice`,
  );
  const fallback =
    profili.map((p) => json<RuleProfile>(p.profilo)).find((p) => p.codice === FALLBACK_PROFILE_CODE) ??
    (DEFAULT_RULE_PROFILES.find((p) => p.codice === FALLBACK_PROFILE_CODE) as RuleProfile);
  const profiloDi = new Map(
    profili.filter((p) => p.posizione_id !== null).map((p) => [p.posizione_id!, json<RuleProfile>(p.profilo)]),
  );

  const turni = await queryRows<{
    turno_id: number;
    giorno_id: number;
    giorno: string;
    inizio_f1: string;
    fine_f1: string;
    inizio_f2: string | null;
    fine_f2: string | null;
    posizione_id: number;
    posizione: string;
    operatori_richiesti: number;
    assegnati: number;
    servizio_id: number;
    contratto_id: number;
    contratto: string;
    cliente: string;
    prov: string;
    lat: number | null;
    lng: number | null;
  }>(
    ex,
    sql`SELECT t.id AS turno_id, g.id AS giorno_id, to_char(g.giorno, 'YYYY-MM-DD') AS giorno,
               t.inizio_f1::text, t.fine_f1::text, t.inizio_f2::text, t.fine_f2::text,
               t.posizione_id, p.descrizione AS posizione, t.operatori_richiesti,
               (SELECT count(*)::int FROM turni_operatori a WHERE a.turno_id = t.id) AS assegnati,
               s.id AS servizio_id, c.id AS contratto_id, c.titolo AS contratto, cl.ragione_sociale AS cliente,
               cl.prov, s.lat, s.lng
        FROM turni t JOIN giorni g ON g.id = t.giorno_id JOIN servizi s ON s.id = g.servizio_id
        JOIN contratti c ON c.id = s.contratto_id JOIN clienti cl ON cl.id = c.cliente_id
        JOIN posizioni p ON p.id = t.posizione_id
        WHERE ${scopeSql(r)}
        ORDER BY g.giorno, t.inizio_f1, t.id`,
  );
  const posti: PostoCaricato[] = turni
    .filter((t) => t.operatori_richiesti > t.assegnati)
    .map((t) => ({
      ...t,
      intervals: shiftIntervals(t.giorno, t),
      mancanti: t.operatori_richiesti - t.assegnati,
      profilo: profiloDi.get(t.posizione_id) ?? fallback,
      regione: provinciaBySigla(t.prov)?.regione ?? null,
    }));
  const posti_totali = turni.reduce((s, t) => s + t.operatori_richiesti, 0);
  const coperti_prima = turni.reduce((s, t) => s + Math.min(t.assegnati, t.operatori_richiesti), 0);
  if (!posti.length)
    return {
      istanza: { posti: [], operatori: [], idonei: new Map(), esclusi: new Map() },
      posti,
      posti_totali,
      coperti_prima,
    };

  const from = addDays(r.dal, -8);
  const to = addDays(r.al, 9);
  const posizioni = [...new Set(posti.map((p) => p.posizione_id))];
  const contratti = [...new Set(posti.map((p) => p.contratto_id))];
  // One row per active operator, with the fixed rules' data as JSON arrays.
  const rows = await queryRows<{
    id: number;
    cognome: string;
    nome: string;
    rating: number | null;
    lat: number | null;
    lng: number | null;
    posizioni: number[] | string;
    documenti: [string, string | null, string | null][] | string | null;
    corsi: [string, string | null][] | string | null;
    non_disponibile: number[] | string;
    indisponibile: [number, number][] | string | null;
    non_gradito: number[] | string;
    lavori: [number, string, number, number][] | string | null;
    servizi: number[] | string;
    contratti: number[] | string;
  }>(
    ex,
    sql`SELECT o.id, o.cognome, o.nome, o.rating, o.lat, o.lng,
          ARRAY(SELECT op.posizione_id FROM operatori_posizioni op WHERE op.operatore_id = o.id) AS posizioni,
          (SELECT json_agg(json_build_array(d.tipo, to_char(d.data_rilascio, 'YYYY-MM-DD'), to_char(d.data_scadenza, 'YYYY-MM-DD')))
           FROM operatori_documenti d WHERE d.operatore_id = o.id
             AND d.tipo IN (SELECT tipo_documento FROM posizioni_requisiti WHERE posizione_id = ANY(${ints(posizioni)}::int[]))) AS documenti,
          (SELECT json_agg(json_build_array(k.tipo, to_char(k.data_scadenza, 'YYYY-MM-DD')))
           FROM operatori_corsi k WHERE k.operatore_id = o.id
             AND k.tipo IN (SELECT tipo_corso FROM posizioni_corsi_richiesti WHERE posizione_id = ANY(${ints(posizioni)}::int[]))) AS corsi,
          ARRAY(SELECT x.giorno_settimana::int FROM operatori_disponibilita x WHERE x.operatore_id = o.id AND NOT x.disponibile) AS non_disponibile,
          (SELECT json_agg(json_build_array(extract(epoch FROM i.dal)::float8 * 1000, extract(epoch FROM i.al)::float8 * 1000))
           FROM operatori_indisponibilita i WHERE i.operatore_id = o.id
             AND i.al > ${from}::date AND i.dal < ${to}::date) AS indisponibile,
          ARRAY(SELECT ng.contratto_id FROM contratti_non_graditi ng WHERE ng.operatore_id = o.id
                AND ng.contratto_id = ANY(${ints(contratti)}::int[])) AS non_gradito,
          (SELECT json_agg(json_build_array(p.turno_id, to_char(g.giorno, 'YYYY-MM-DD'),
                  extract(epoch FROM lower(p.periodo))::float8 * 1000, extract(epoch FROM upper(p.periodo))::float8 * 1000))
           FROM turni_operatori_periodi p JOIN turni t ON t.id = p.turno_id JOIN giorni g ON g.id = t.giorno_id
           WHERE p.operatore_id = o.id
             AND p.periodo && tstzrange(${from}::date::timestamptz, ${to}::date::timestamptz)) AS lavori,
          ARRAY(SELECT DISTINCT g.servizio_id FROM turni_operatori a JOIN turni t ON t.id = a.turno_id
                JOIN giorni g ON g.id = t.giorno_id
                WHERE a.operatore_id = o.id AND g.giorno BETWEEN ${addDays(r.dal, -90)}::date AND ${r.al}::date) AS servizi,
          ARRAY(SELECT DISTINCT s.contratto_id FROM turni_operatori a JOIN turni t ON t.id = a.turno_id
                JOIN giorni g ON g.id = t.giorno_id JOIN servizi s ON s.id = g.servizio_id
                WHERE a.operatore_id = o.id AND g.giorno BETWEEN ${addDays(r.dal, -90)}::date AND ${r.al}::date) AS contratti
        FROM operatori o
        WHERE o.attivo AND NOT o.cessato AND NOT o.black_list
          AND EXISTS (SELECT 1 FROM operatori_posizioni op WHERE op.operatore_id = o.id AND op.posizione_id = ANY(${ints(posizioni)}::int[]))`,
  );
  const requisiti = await queryRows<{ posizione_id: number; documenti: string[] | string; corsi: string[] | string }>(
    ex,
    sql`SELECT p.id AS posizione_id,
               ARRAY(SELECT r.tipo_documento FROM posizioni_requisiti r WHERE r.posizione_id = p.id) AS documenti,
               ARRAY(SELECT r.tipo_corso FROM posizioni_corsi_richiesti r WHERE r.posizione_id = p.id) AS corsi
        FROM posizioni p WHERE p.id = ANY(${ints(posizioni)}::int[])`,
  );

  const arr = <T>(v: T[] | string | null): T[] =>
    v === null
      ? []
      : Array.isArray(v)
        ? v
        : (v
            .replace(/^\{|\}$/g, "")
            .split(",")
            .filter(Boolean) as unknown as T[]);
  const dati: DatiOperatore[] = [];
  const operatori: OperatoreModello[] = rows.map((o) => {
    const lavori = new Map<number, Lavoro>();
    for (const [turno, giorno, start, end] of json<[number, string, number, number][]>(o.lavori ?? []) ?? []) {
      let l = lavori.get(Number(turno));
      if (!l) {
        l = { turno_id: Number(turno), giorno, intervals: [] };
        lavori.set(l.turno_id, l);
      }
      l.intervals.push({ start: Number(start), end: Number(end) });
    }
    dati.push({
      id: o.id,
      posizioni: new Set(arr(o.posizioni).map(Number)),
      documenti: (json(o.documenti ?? []) ?? []).map(([tipo, rilascio, scadenza]) => ({ tipo, rilascio, scadenza })),
      corsi: (json(o.corsi ?? []) ?? []).map(([tipo, scadenza]) => ({ tipo, scadenza })),
      nonDisponibile: new Set(arr(o.non_disponibile).map(Number)),
      indisponibile: (json(o.indisponibile ?? []) ?? []).map(([a, b]) => ({ start: Number(a), end: Number(b) })),
      nonGradito: new Set(arr(o.non_gradito).map(Number)),
      turni: new Set(lavori.keys()),
    });
    return {
      id: o.id,
      cognome: o.cognome,
      nome: o.nome,
      rating: o.rating,
      lat: o.lat,
      lng: o.lng,
      lavori: [...lavori.values()].sort((a, b) => a.intervals[0].start - b.intervals[0].start),
      servizi: new Set(arr(o.servizi).map(Number)),
      contratti: new Set(arr(o.contratti).map(Number)),
    };
  });
  const req = new Map(requisiti.map((q) => [q.posizione_id, { documenti: arr(q.documenti), corsi: arr(q.corsi) }]));
  const { idonei, esclusi } = idoneita(posti, dati, req);
  return { istanza: { posti, operatori, idonei, esclusi }, posti, posti_totali, coperti_prima };
}
