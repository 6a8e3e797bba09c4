/**
 * Every list is served by indexes (issue 18): on PostgreSQL, over a dataset big enough for the
 * planner to prefer indexes (the scale seed, smaller), the EXPLAIN of what the engine sends for
 *   - each sortable field, both directions: the page's keys come in order from an index — no Sort
 *     of the matching rows (an Incremental Sort over an index's order is fine) and no sequential
 *     scan of a big table;
 *   - each filter (a value taken from the data) and each declared common query: neither the
 *     page's keys nor the count read a big table sequentially.
 * A new sortable field or filter with no index serving it fails here until an index (in the
 * module's migration range) serves it, or it is listed in UNINDEXED with the reason.
 */
import fs from "node:fs";
import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import { queryRows } from "../../../server/db/query";
import { renderSql } from "../../../server/db/render-sql";
import type { List, ListQuery } from "../../../server/lib/list";
import { listJoinSql, parseListQuery } from "../../../server/lib/list";
import { countQuery, keepsPlan, pageKeysQuery, pageQuery } from "../../../server/lib/list/build-sql";
import type { AuthUser } from "../../../server/lib/tokens";
import { candidatiList } from "../../../server/modules/anagrafiche/candidati/candidati.list";
import { clientiList } from "../../../server/modules/anagrafiche/clienti/clienti.list";
import { operatoriList } from "../../../server/modules/anagrafiche/operatori/operatori.list";
import { usersList } from "../../../server/modules/auth/users.list";
import { eventiList } from "../../../server/modules/cms/eventi/eventi.list";
import { utentiCmsList } from "../../../server/modules/cms/utenti/utenti.list";
import { allarmiList } from "../../../server/modules/console/allarmi/allarmi.list";
import { anomalieList } from "../../../server/modules/console/anomalie/anomalie.list";
import { attivitaList } from "../../../server/modules/console/attivita/attivita.list";
import { comunicazioniList } from "../../../server/modules/console/comunicazioni-azienda/comunicazioni-azienda.list";
import { destinatariList } from "../../../server/modules/console/comunicazioni-azienda/destinatari.list";
import { fogliNotizieList } from "../../../server/modules/console/fogli-notizie/fogli-notizie.list";
import { relazioniList } from "../../../server/modules/console/relazioni/relazioni.list";
import { ticketList } from "../../../server/modules/console/ticket-supporto/ticket-supporto.list";
import { consuntivoList } from "../../../server/modules/fatturazione/consuntivo/consuntivo.list";
import { fattureList } from "../../../server/modules/fatturazione/fatture/fatture.list";
import { logList } from "../../../server/modules/log/log.list";
import { contrattiList } from "../../../server/modules/pianificazione/contratti/contratti.list";
import { derogheList } from "../../../server/modules/pianificazione/deroghe/deroghe.list";
import { intermittentiList } from "../../../server/modules/pianificazione/intermittenti/intermittenti.list";
import { storicoTurniList } from "../../../server/modules/pianificazione/intermittenti/storico-turni.list";
import { registroTurniList } from "../../../server/modules/pianificazione/registro-turni/registro-turni.list";
import { marginalitaList } from "../../../server/modules/report/analisi-ricavi/analisi-ricavi.list";
import { compensiList } from "../../../server/modules/report/compensi/compensi.list";
import { compensiMensiliList } from "../../../server/modules/report/compensi/compensi-mensili.list";
import { turniGiornoList } from "../../../server/modules/report/dashboard/turni-giorno.list";
import { praticheList } from "../../../server/modules/report/pratiche/pratiche.list";
import { ricaviAttivitaList } from "../../../server/modules/report/ricavi-attivita/ricavi-attivita.list";
import { risorseAssegnateList } from "../../../server/modules/report/risorse-assegnate/risorse-assegnate.list";
import { rondeReportList } from "../../../server/modules/report/ronde/ronde.list";
import { scadenzeCorsiList, scadenzeDocumentiList } from "../../../server/modules/report/scadenze/scadenze.list";
import { sopralluoghiList } from "../../../server/modules/report/sopralluoghi/sopralluoghi.list";
import { seedScale } from "../../../server/seed/scale";
import { openTestDatabase, type TestDatabase } from "../helpers/db";
import { testDbKinds } from "../setup/paths";

jest.setTimeout(900_000);

const ADMIN: AuthUser = {
  id: 1,
  username: "dba",
  email: "",
  nome: "",
  cognome: "",
  permissions: ["admin"],
  tokenId: 0,
};

interface Case {
  list: List;
  /** Parameters every request of the list carries (a period…). */
  base?: Record<string, string>;
  /** A value for each custom filter. */
  samples?: Record<string, string>;
  /** A nested list's route params (the message of the recipients' list). */
  params?: Record<string, string>;
}

const day = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return d.toISOString().slice(0, 10);
};
/** Two weeks of shifts: the period a planner reads. */
const PERIODO = { dal: day(-14), al: day(0) };
/** A whole month (the payroll file's period): the one two weeks ago. */
const MESE = (() => {
  const d = new Date(day(-14));
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
  return { dal: `${day(-14).slice(0, 7)}-01`, al: last.toISOString().slice(0, 10) };
})();

const CASES: Case[] = [
  { list: operatoriList, samples: { posizione_id: "1", documenti_in_scadenza: "30" } },
  { list: clientiList },
  { list: candidatiList, samples: { posizione: "1" } },
  { list: usersList, samples: { permesso: "admin" } },
  { list: logList, samples: { content_type: "operatore", object_id: "7", only_related: "true", show_related: "true" } },
  { list: contrattiList, samples: { cliente_id: "1" } },
  { list: storicoTurniList, base: PERIODO },
  { list: intermittentiList, base: PERIODO },
  { list: risorseAssegnateList, base: PERIODO },
  { list: compensiList, base: PERIODO },
  { list: ricaviAttivitaList, base: PERIODO },
  { list: compensiMensiliList, base: MESE },
  { list: marginalitaList, base: PERIODO },
  { list: scadenzeCorsiList, samples: { entro: day(30), con_turni: "true" } },
  { list: scadenzeDocumentiList, samples: { entro: day(30), con_turni: "true" } },
  { list: praticheList },
  { list: sopralluoghiList },
  // The scale data has no rounds (issue 34): samples for the filters of an empty table.
  { list: rondeReportList, samples: { previsto_il: "2026-07-10 22:00:00", stato: "incompleta" } },
  { list: turniGiornoList, base: { giorno: day(0) }, samples: { copertura: "scoperti" } },
  { list: ticketList },
  { list: anomalieList },
  { list: allarmiList },
  // The scale data has no reports or sheets: the filters' values are given.
  { list: relazioniList },
  { list: fogliNotizieList },
  // The page always asks for one day (today by default).
  { list: attivitaList, base: { giorno: day(-1) } },
  { list: comunicazioniList },
  // The message sent to every operator (the first one of the data below).
  { list: destinatariList, params: { id: "1" } },
  { list: derogheList },
  { list: registroTurniList, base: PERIODO, samples: { al_momento: day(-1) } },
  {
    list: eventiList,
    samples: { globalsearch: "Evento 12", data_inizio: day(-30), data_fine: day(30), periodo: "futuri" },
  },
  { list: utentiCmsList, samples: { stato: "A" } },
  // One contract's month (the first contract of the data, the month two weeks ago).
  { list: consuntivoList, base: { contratto: "1", mese: MESE.dal.slice(0, 7) } },
  // The scale data has no invoices: the filters' values are given.
  { list: fattureList, samples: { numero: "1", data: day(-30), mese: day(-30), tipo: "Fattura", stato: "Bozza" } },
];

/**
 * Sorts and filters no index serves, each with the reason it is accepted. Keep it short: each
 * entry is a full sort of the list's matching rows on every page request.
 */
const PERIOD_REPORT =
  "a report over a required period (≤ 366 days; two weeks here): its rows are the period's assignments (or their sums " +
  "per operator / contract and month), found through report_ore_turni's day index (migration 0660) and read whole for the hours and money anyway; " +
  "a sort of a computed hour or amount has no index to read";
const LABEL = "the Italian label of a code (a CASE over a handful of codes): the same order as no index holds";
const STAFF_NAME =
  "the staff member's name lives in users and rows without one stay (LEFT JOIN); the desk reads its list filtered (a state, a period)";
const ATTIVITA =
  "one day's assignments (the page always asks for a day, today by default: hundreds to a few thousand rows, found through " +
  "giorni's day index); the planned times, check-ins and distance are per-row sub-queries over periods and check-ins, " +
  "the service's name a coalesce over two joins";
const REGISTRO =
  "the shift register of a required period (≤ 366 days; two weeks here), its rows found through the day index " +
  "(registro_turni_giorno_idx, migration 0403); a sort by a joined name, client or time sorts the period's rows";
const DEROGHE =
  "derogations are exceptional (a few a week per planner: hundreds to a few thousand a year), read newest first from " +
  "(creata_il, id); a sort by a joined name, day or client sorts them all, well under a millisecond per thousand";
const CMS =
  "a company's CMS accounts and events: hundreds to a few thousand rows in all, read whole (~1 ms for a few " +
  "thousand); the common sorts — surname, title, city, dates — have their index (migration 0700), the rest would cost every count and write more than it saves";
const CONSUNTIVO =
  "one contract's month of assignments (hundreds, a few thousand for the largest contract), found through the contract's " +
  "services and days; a sort by a joined name or a state computed from the check-ins and corrections sorts those";
const FATTURE =
  "a company's invoices: one per client and month (a few thousand a year), read newest first by their key; a sort by the " +
  "client's name or a date sorts them all, a few milliseconds for ten years of them";
const ALLARMI =
  "the guards' SOS are rare (a few a week, a few thousand in years), read newest first from allarmi_lista_idx; a sort by a " +
  "joined name, a client or a handling time sorts them all, and a count by state, silent or escalated reads them all, " +
  "under a millisecond per thousand (the open ones, the header's, have allarmi_aperti_idx)";
const RELAZIONI =
  "the guards' service reports: a few a day per company (thousands a year), read to-approve first then newest from " +
  "relazioni_servizio_lista_idx; a sort or count by what the last version says (category, severity, when), a joined name, " +
  "client or province reads them all, a few milliseconds for years of them";
const FOGLI =
  "the daily sheets for the Questura: one per province and day (a few hundred a year), read newest day first from " +
  "fogli_notizie_lista_idx; any other sort or count reads them all, under a millisecond";
const UNINDEXED: Record<string, string> = {
  "relazioni.sort.*": RELAZIONI,
  "relazioni.filter.stato": RELAZIONI,
  "relazioni.filter.cliente": RELAZIONI,
  "relazioni.filter.categoria": RELAZIONI,
  "relazioni.filter.gravita": RELAZIONI,
  "relazioni.filter.provincia": RELAZIONI,
  "relazioni.filter.rilevante": RELAZIONI,
  "fogli-notizie.sort.*": FOGLI,
  "fogli-notizie.filter.provincia": FOGLI,
  "allarmi.sort.*": ALLARMI,
  "allarmi.filter.stato": ALLARMI,
  "allarmi.filter.silenzioso": ALLARMI,
  "allarmi.filter.escalato": ALLARMI,
  "consuntivo.sort.*": CONSUNTIVO,
  "consuntivo.filter.fonte": CONSUNTIVO,
  "consuntivo.filter.aperto": CONSUNTIVO,
  "fatture.sort.*": FATTURE,
  "registro-turni.sort.cliente": REGISTRO,
  "registro-turni.sort.operatore": REGISTRO,
  "registro-turni.sort.orario": REGISTRO,
  "registro-turni.sort.ultima_modifica": REGISTRO,
  "deroghe.sort.cliente": DEROGHE,
  "deroghe.sort.giorno": DEROGHE,
  "deroghe.sort.operatore": DEROGHE,
  "deroghe.sort.utente": DEROGHE,
  "eventi.sort.prov": CMS,
  "eventi.filter.abilitato": CMS,
  "eventi.filter.citta": CMS,
  "eventi.filter.descrizione": CMS,
  "eventi.filter.globalsearch": CMS,
  "utenti-cms.sort.attivo": CMS,
  "utenti-cms.sort.email": CMS,
  "utenti-cms.sort.first_name": CMS,
  "utenti-cms.filter.email": CMS,
  "utenti-cms.filter.stato": CMS,
  "risorse-assegnate.sort.*": PERIOD_REPORT,
  "compensi.sort.*": PERIOD_REPORT,
  "ricavi-attivita.sort.*": PERIOD_REPORT,
  "compensi-mensili.sort.*": PERIOD_REPORT,
  "marginalita.sort.*": PERIOD_REPORT,
  "turni-del-giorno.sort.mancanti": "the shifts of one day (hundreds), a difference with a per-shift count",
  "scadenze-corsi.sort.tipo_descrizione": LABEL,
  "scadenze-documenti.sort.tipo_descrizione": LABEL,
  "scadenze-corsi.sort.turni_dopo_scadenza":
    "a per-row count of the operator's later shifts; the expiring items are few",
  "scadenze-documenti.sort.turni_dopo_scadenza":
    "a per-row count of the operator's later shifts; the expiring items are few",
  "scadenze-corsi.sort.primo_turno_dopo":
    "a per-row sub-query of the operator's later shifts; the expiring items are few",
  "scadenze-documenti.sort.primo_turno_dopo":
    "a per-row sub-query of the operator's later shifts; the expiring items are few",
  "scadenze-corsi.filter.stato":
    "the expiry against today (a CASE over the date); read with `entro`, its index narrows first",
  "scadenze-documenti.filter.stato":
    "the expiry against today (a CASE over the date); read with `entro`, its index narrows first",
  "pratiche.sort.tipo_descrizione": LABEL,
  "pratiche.sort.stato_descrizione": LABEL,
  "pratiche.sort.giorni": "the pratica's age against today (a CASE over two dates); pratiche are a few per operator",
  "sopralluoghi.sort.esito_descrizione": LABEL,
  "sopralluoghi.sort.cliente":
    "the client's name or the prospect's (a LEFT JOIN and a coalesce); inspections are a few thousand a year",

  "clienti.sort.sedi": "a per-row count of the client's sites; clients are a few thousand",
  "contratti.sort.servizi": "a per-row count of the contract's services; contracts are a few thousand",
  "contratti.sort.dal": "the first day of the contract's services, a per-row sub-query; a few thousand contracts",
  "contratti.sort.al": "the last day of the contract's services, a per-row sub-query; a few thousand contracts",
  "log.sort.utente":
    "the author's name lives in users and entries without one stay (LEFT JOIN); the log is always read filtered (an object, a period: SPEC §2)",
  "ticket-supporto.sort.assegnato_a": STAFF_NAME,
  "anomalie.sort.gestita_da": STAFF_NAME,
  "comunicazioni-azienda.sort.inviata_da": STAFF_NAME,
  "anomalie.sort.servizio":
    "the service's name is three joins away (shift → day → service, or the contract's title), read through a LATERAL; the page reads a period (a month: its index narrows first)",
  "comunicazioni-azienda.sort.totale":
    "a per-row count of the message's recipients; a company sends a few messages a week",
  "attivita.sort.inizio_previsto": ATTIVITA,
  "attivita.sort.ingresso": ATTIVITA,
  "attivita.sort.ritardo_minuti": ATTIVITA,
  "attivita.sort.anticipo_uscita_minuti": ATTIVITA,
  "attivita.sort.distanza_m": ATTIVITA,
  "attivita.sort.servizio": ATTIVITA,
  "intermittenti.sort.inviata_il":
    "the communication is optional (LEFT JOIN); the rows are those of a period (≤ 400 days) and of intermittent workers only",
};

/** A plan node of EXPLAIN (FORMAT JSON). */
interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Sort Key"?: string[];
  Plans?: PlanNode[];
}

/**
 * The plan PostgreSQL chooses; with `forced`, the plan it finds when sequential scans and sorts
 * cost it the earth — one that still has them has no index to use instead.
 */
async function explain(db: TestDatabase, statement: SQL, forced = false): Promise<PlanNode> {
  return db.db.transaction(async (tx) => {
    if (forced) await tx.execute(sql`SET LOCAL enable_seqscan = off; SET LOCAL enable_sort = off`);
    const rows = await queryRows<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(tx, sql`EXPLAIN (FORMAT JSON) ${statement}`);
    return rows[0]["QUERY PLAN"][0].Plan;
  });
}

/**
 * What in the chosen plan shows no index serving the statement, unless PostgreSQL has an index
 * for it and chose the table by cost at this scale (a few thousand applicants' table read whole
 * costs what its index does).
 */
async function unserved(db: TestDatabase, statement: SQL, big: Set<string>, wantOrder: boolean): Promise<string[]> {
  const chosen = problems(await explain(db, statement), big, wantOrder);
  return chosen.length === 0 ? [] : problems(await explain(db, statement, true), big, wantOrder);
}

function* nodes(n: PlanNode): Generator<PlanNode> {
  yield n;
  for (const c of n.Plans ?? []) yield* nodes(c);
}

/** What in a plan shows that no index serves it. */
function problems(plan: PlanNode, big: Set<string>, wantOrder: boolean): string[] {
  const out: string[] = [];
  for (const n of nodes(plan)) {
    if (n["Node Type"] === "Seq Scan" && n["Relation Name"] && big.has(n["Relation Name"])) {
      out.push(`Seq Scan on ${n["Relation Name"]}`);
    }
    if (wantOrder && n["Node Type"] === "Sort") out.push(`Sort (${(n["Sort Key"] ?? []).join(", ")})`);
  }
  return out;
}

/** A bound value as an SQL literal (EXECUTE takes no bind parameters). */
function literal(v: unknown): string {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  const text = v instanceof Date ? v.toISOString() : String(v);
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * The plan PostgreSQL keeps for a named statement once it goes generic (`keepPlans`): made for
 * any value of its parameters, then run with these.
 */
async function explainGeneric(db: TestDatabase, statement: SQL): Promise<PlanNode> {
  const q = renderSql(statement);
  return db.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`PREPARE kept_plan AS ${q.sql}`));
    const args = q.params.length ? `(${q.params.map(literal).join(", ")})` : "";
    const rows = await queryRows<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
      tx,
      sql.raw(`EXPLAIN (FORMAT JSON) EXECUTE kept_plan${args}`),
    );
    await tx.execute(sql`DEALLOCATE kept_plan`);
    return rows[0]["QUERY PLAN"][0].Plan;
  });
}

/** How a plan reaches the big tables: each scan node and its index, in order. */
function accessPaths(plan: PlanNode, big: Set<string>): string[] {
  const out: string[] = [];
  for (const n of nodes(plan) as Iterable<PlanNode & { "Index Name"?: string }>) {
    if (n["Relation Name"] && big.has(n["Relation Name"]) && /Scan/.test(n["Node Type"])) {
      out.push(`${n["Node Type"]} on ${n["Relation Name"]}${n["Index Name"] ? ` using ${n["Index Name"]}` : ""}`);
    }
  }
  return out;
}

const pg = testDbKinds().includes("postgres");
const describePg = pg ? describe : describe.skip;

it("covers every list of the product (each *.list.ts under server/modules)", () => {
  const root = path.join(__dirname, "../../../server/modules");
  const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith(".list.ts"));
  const isList = (v: unknown): v is List =>
    typeof v === "object" && v !== null && "fields" in v && "from" in v && "key" in v && "name" in v;
  const declared = files.flatMap((f) =>
    Object.values(require(path.join(root, f)) as Record<string, unknown>)
      .filter(isList)
      .map((list) => ({ list: list.name, file: f })),
  );
  expect(declared.length).toBeGreaterThan(20);
  const covered = new Set(CASES.map((c) => c.list.name));
  expect(declared.filter((d) => !covered.has(d.list))).toEqual([]);
});

describePg("list indexes [postgres]", () => {
  let db: TestDatabase;
  let big: Set<string>;

  beforeAll(async () => {
    db = await openTestDatabase("postgres");
    await seedScale(db, {
      operators: 30_000,
      clients: 3_000,
      contracts: 200,
      weeks: 8,
      logEntries: 50_000,
      log: () => {},
    });
    // What the scale seed does not make: applicants, staff accounts, intermittent contracts.
    await db.exec(`
      INSERT INTO candidati (nome, cognome, sesso, data_nascita, email, cellulare, citta, prov, stato, valutazione, origine, created_at)
      SELECT 'Nome ' || (g % 300), 'Cognome ' || (g % 5000), CASE WHEN g % 3 = 0 THEN 'F' ELSE 'M' END,
             date '1970-01-01' + g % 12000, 'c' || g || '@example.it', '3' || lpad(g::text, 9, '0'), 'Città ' || (g % 400),
             (ARRAY['MI','RM','NA','TO','PA'])[1 + g % 5],
             (ARRAY['nuovo','in_valutazione','colloquio','idoneo','assunto','scartato'])[1 + g % 6],
             CASE WHEN g % 4 = 0 THEN NULL ELSE 1 + g % 5 END, CASE WHEN g % 2 = 0 THEN 'form' ELSE 'manuale' END,
             now() - make_interval(hours => g)
      FROM generate_series(1, 20000) g;
      INSERT INTO users (username, email, nome, cognome, password_hash, permissions, attivo, last_login, created_at)
      SELECT 'utente' || g, 'utente' || g || '@example.it', 'Nome ' || (g % 300), 'Cognome ' || (g % 3000), '!',
             CASE WHEN g % 10 = 0 THEN '{admin}'::text[] ELSE '{erp_operatori}'::text[] END, g % 7 <> 0,
             CASE WHEN g % 5 = 0 THEN NULL ELSE now() - make_interval(mins => g) END, now() - make_interval(hours => g)
      FROM generate_series(1, 5000) g;
      INSERT INTO operatori_contratti (operatore_id, tipo, data_inizio)
      SELECT id, 'intermittente', current_date - 400 FROM operatori WHERE id % 3 = 0;
      -- The reports' own tables: courses, expiries, pratiche, site inspections.
      UPDATE operatori_documenti SET data_scadenza = current_date + (id % 900) - 300 WHERE id % 2 = 0;
      INSERT INTO operatori_corsi (operatore_id, tipo, data_scadenza)
      SELECT id, (ARRAY['blsd','antincendio','primo_soccorso'])[1 + id % 3], current_date + (id % 700) - 200
      FROM operatori WHERE id % 2 = 1;
      INSERT INTO operatori_pratiche (operatore_id, tipo, stato, data_apertura, data_chiusura)
      SELECT id, (ARRAY['assunzione','dimissioni','infortunio'])[1 + id % 3], (ARRAY['aperta','in_corso','chiusa'])[1 + id % 3],
             current_date - (id % 1000), CASE WHEN id % 3 = 2 THEN current_date - (id % 1000) + 20 END
      FROM operatori WHERE id % 2 = 0;
      INSERT INTO sopralluoghi (cliente_id, potenziale_cliente, indirizzo, citta, data, ispettore, esito)
      SELECT CASE WHEN g % 4 = 0 THEN NULL ELSE 1 + g % 3000 END, CASE WHEN g % 4 = 0 THEN 'Prospetto ' || g ELSE '' END,
             'Via ' || g, 'Città ' || (g % 300), current_date - (g % 700), 'Ispettore ' || (g % 40),
             (ARRAY['favorevole','con_riserva','sfavorevole'])[1 + g % 3]
      FROM generate_series(1, 6000) g;
      ANALYZE;`);
    // The Console's tables: check-ins of the past assignments, anomalies, tickets with their
    // conversation, company communications (one to every operator, the others to a few).
    await db.exec(`
      INSERT INTO app_timbrature (operatore_id, client_id, turno_id, tipo, data_ora, ricevuta_il, lat, lng, accuratezza,
                                  sincronizzata_tardi, assegnato)
      SELECT p.operatore_id, gen_random_uuid(), p.turno_id, x.tipo, x.at, x.at, 45.46 + (p.id % 9) * 0.001, 9.19, 10, false, true
        FROM turni_operatori_periodi p
        CROSS JOIN LATERAL (VALUES ('ingresso', lower(p.periodo) + (p.id % 30 - 5) * interval '1 minute'),
                                   ('uscita', upper(p.periodo) - (p.id % 20) * interval '1 minute')) x (tipo, at)
       WHERE lower(p.periodo) < now() AND p.id % 10 <> 0;
      INSERT INTO anomalie (turno_id, operatore_id, tipo, data_ora, rilevata_il, valore, stato, letta_il, gestita_da)
      SELECT tor.turno_id, tor.operatore_id,
             (ARRAY['mancato_ingresso','ritardo','uscita_anticipata','mancata_uscita','distanza','turno_non_assegnato'])[1 + tor.id % 6],
             p.inizio + interval '15 minutes', p.inizio + interval '16 minutes', tor.id % 40,
             (ARRAY['aperta','in_gestione','chiusa'])[1 + tor.id % 3],
             CASE WHEN tor.id % 10 <> 0 THEN p.inizio + interval '1 hour' END,
             CASE WHEN tor.id % 3 <> 0 THEN (SELECT min(id) FROM users) + tor.id % 5000 END
        FROM turni_operatori tor
        JOIN LATERAL (SELECT min(lower(periodo)) AS inizio FROM turni_operatori_periodi WHERE turno_operatore_id = tor.id) p ON true
       WHERE tor.id % 3 = 0 AND p.inizio < now();
      INSERT INTO ticket_supporto (operatore_id, data_ora, tipo, oggetto, testo, stato, letto_il, assegnato_a)
      SELECT 1 + g % 30000, now() - make_interval(mins => g * 13), (ARRAY['problema','richiesta','segnalazione'])[1 + g % 3],
             'Oggetto ' || g, 'Testo', (ARRAY['aperto','in_lavorazione','chiuso','chiuso'])[1 + g % 4],
             CASE WHEN g % 20 <> 0 THEN now() - make_interval(mins => g * 13 - 5) END,
             CASE WHEN g % 3 = 0 THEN (SELECT min(id) FROM users) + g % 5000 END
        FROM generate_series(1, 20000) g;
      INSERT INTO ticket_messaggi (ticket_id, data_ora, operatore_id, testo)
      SELECT id, data_ora, operatore_id, testo FROM ticket_supporto;
      INSERT INTO allarmi (operatore_id, client_id, turno_id, data_ora, ricevuto_il, lat, lng, accuratezza, silenzioso, stato,
                           preso_da, preso_il, chiuso_il, escalato_il)
      SELECT 1 + g % 30000, gen_random_uuid(), NULL, now() - make_interval(hours => g * 7), now() - make_interval(hours => g * 7),
             CASE WHEN g % 5 <> 0 THEN 45.46 END, CASE WHEN g % 5 <> 0 THEN 9.19 END, CASE WHEN g % 5 <> 0 THEN 20 END,
             g % 7 = 0, (ARRAY['aperto','preso_in_carico','chiuso','chiuso'])[1 + g % 4],
             CASE WHEN g % 4 <> 0 THEN (SELECT min(id) FROM users) + g % 5000 END,
             CASE WHEN g % 4 <> 0 THEN now() - make_interval(hours => g * 7) + interval '1 minute' END,
             CASE WHEN g % 4 > 1 THEN now() - make_interval(hours => g * 7) + interval '30 minutes' END,
             CASE WHEN g % 9 = 0 THEN now() - make_interval(hours => g * 7) + interval '2 minutes' END
        FROM generate_series(1, 3000) g;
      INSERT INTO relazioni_servizio (operatore_id, client_id, provincia, data_ora, ricevuto_il, rilevante)
      SELECT 1 + g % 30000, gen_random_uuid(), (ARRAY['MI','TO','RM','NA'])[1 + g % 4], now() - make_interval(hours => g * 3),
             now() - make_interval(hours => g * 3), g % 6 = 0
        FROM generate_series(1, 5000) g;
      INSERT INTO relazioni_servizio_versioni (relazione_id, versione, categoria, gravita, accaduto_il, luogo, descrizione, creata_il)
      SELECT id, 1, (ARRAY['furto','intrusione','danneggiamento','altro'])[1 + id % 4]::text,
             (ARRAY['routine','attenzione','emergenza'])[1 + id % 3]::text, ricevuto_il - interval '10 minutes', 'Luogo', 'Descrizione', ricevuto_il
        FROM relazioni_servizio;
      UPDATE relazioni_servizio SET stato = 'approvata', approvata_da = (SELECT min(id) FROM users), approvata_il = ricevuto_il + interval '1 hour'
       WHERE id % 10 <> 0;
      INSERT INTO fogli_notizie (giorno, provincia, emissione, generato_il, relazioni, pdf)
      SELECT current_date - g, p, 1, now() - make_interval(days => g), '{}', '\\x00'
        FROM generate_series(1, 400) g, unnest(ARRAY['MI','TO']) p;
      INSERT INTO comunicazioni (oggetto, testo, destinatari, inviata_il) VALUES ('A tutti', 'Testo', 'tutti', now() - interval '1 day');
      INSERT INTO comunicazioni_destinatari (comunicazione_id, operatore_id, consegnata_il, letta_il, promemoria)
      SELECT 1, id, CASE WHEN id % 3 <> 0 THEN now() - make_interval(mins => id % 600) END,
             CASE WHEN id % 3 <> 0 AND id % 2 = 0 THEN now() - make_interval(mins => id % 300) END, id % 3
        FROM operatori;
      INSERT INTO comunicazioni (oggetto, testo, destinatari, inviata_il, inviata_da)
      SELECT 'Comunicazione ' || g, 'Testo', (ARRAY['tutti','qualifica','operatori'])[1 + g % 3], now() - make_interval(hours => g * 5),
             (SELECT min(id) FROM users) + g % 50
        FROM generate_series(2, 3000) g;
      INSERT INTO comunicazioni_destinatari (comunicazione_id, operatore_id)
      SELECT c.id, 1 + (c.id * 37 + k) % 30000 FROM comunicazioni c, generate_series(0, 9) k WHERE c.id > 1;
      ANALYZE;`);
    // Planning's derogations and shift register, the CMS's users and events.
    await db.exec(`
      INSERT INTO turni_deroghe (turno_id, operatore_id, codici, dettaglio, motivo, utente_id, creata_il)
      SELECT turno_id, operatore_id, '{riposo_insufficiente}', 'Riposo insufficiente', 'Urgenza ' || id,
             (SELECT min(id) FROM users) + id % 5000, now() - make_interval(mins => id)
        FROM turni_operatori WHERE id % 10 = 0;
      INSERT INTO registro_turni (utente_id, evento, turno_id, operatore_id, servizio_id, giorno, inizio_f1, fine_f1,
                                  inizio_f2, fine_f2, confermato, motivo)
      SELECT (SELECT min(id) FROM users) + a.id % 5000, (ARRAY['assegnazione','conferma'])[1 + a.id % 2], a.turno_id,
             a.operatore_id, g.servizio_id, g.giorno, t.inizio_f1, t.fine_f1, t.inizio_f2, t.fine_f2, a.confermato, ''
        FROM turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id;
      INSERT INTO cms_utenti (first_name, last_name, email, tipologia_id, attivo, codice_accesso, creato_il)
      SELECT 'Nome ' || (g % 300), 'Cognome ' || (g % 3000), 'cms' || g || '@example.it', (ARRAY['A','S','O','V'])[1 + g % 4],
             g % 5 <> 0, upper(lpad(to_hex(g), 8, '0')), now() - make_interval(hours => g)
        FROM generate_series(1, 5000) g;
      INSERT INTO cms_eventi (titolo, descrizione, citta, prov, data_inizio, data_fine)
      SELECT 'Evento ' || g, 'Descrizione', 'Città ' || (g % 300), 'MI', now() + make_interval(hours => g * 7 - 30000),
             now() + make_interval(hours => g * 7 - 29994)
        FROM generate_series(1, 3000) g;
      ANALYZE;`);
    const rels = await queryRows<{ relname: string }>(
      db.db,
      sql`SELECT relname FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace AND reltuples > 2000`,
    );
    big = new Set(rels.map((r) => r.relname));
  });
  afterAll(async () => {
    await db?.close();
  });

  const parse = (c: Case, query: Record<string, string>): ListQuery =>
    parseListQuery(c.list, { ...c.base, ...query }, { user: ADMIN, params: c.params ?? {} });
  const ctxOf = (c: Case, q: ListQuery, query: Record<string, string>) => ({
    user: ADMIN,
    params: c.params ?? {},
    query: { ...c.base, ...query },
    filters: q.filters,
  });

  /** A value of the field found in the data, as a query parameter. */
  async function sampleOf(c: Case, name: string): Promise<Record<string, string>> {
    const f = c.list.fields[name];
    const param = f.param ?? name;
    if (f.type === "boolean") return { [param]: "true" };
    const joins = Object.entries(c.list.joins ?? {}).map(([alias, join]) => listJoinSql(alias, join));
    const from = sql`${c.list.from} ${sql.join(joins, sql` `)}`;
    const rows = await queryRows<{ v: string }>(
      db.db,
      sql`SELECT (${f.sql})::text AS v FROM ${from} WHERE (${f.sql}) IS NOT NULL LIMIT 1`,
    );
    // A value from the data, or the case's sample (a table the scale data leaves empty).
    const v = rows[0]?.v ?? c.samples?.[name] ?? "1";
    switch (f.filter) {
      case "range":
        return { [`${param}_dal`]: v.slice(0, 10) };
      case "contains":
      case "starts":
        return { [param]: v.slice(0, 4) };
      default:
        return { [param]: v };
    }
  }

  for (const c of CASES) {
    const name = c.list.name;

    it(`${name}: every sort is read from an index`, async () => {
      const found: Record<string, string[]> = {};
      for (const [field, f] of Object.entries(c.list.fields)) {
        if (!f.sortable || UNINDEXED[`${name}.sort.${field}`] || UNINDEXED[`${name}.sort.*`]) continue;
        for (const asc of ["true", "false"]) {
          const query = { order_field: field, order_asc: asc };
          const q = parse(c, query);
          const p = await unserved(db, pageKeysQuery(c.list, q, ctxOf(c, q, query), 25, 0), big, true);
          if (p.length) found[`${field} ${asc === "true" ? "asc" : "desc"}`] = p;
        }
      }
      expect(found).toEqual({});
    });

    it(`${name}: every filter and common query is served by an index`, async () => {
      const requests: Record<string, Record<string, string>> = {};
      for (const [field, f] of Object.entries(c.list.fields)) {
        if (f.filter && !UNINDEXED[`${name}.filter.${field}`]) requests[field] = await sampleOf(c, field);
      }
      for (const filter of Object.keys(c.list.filters ?? {})) {
        if (UNINDEXED[`${name}.filter.${filter}`] || c.base?.[filter] !== undefined) continue;
        const v = c.samples?.[filter];
        if (v === undefined) throw new Error(`${name}: a sample value for the custom filter '${filter}' is missing`);
        requests[filter] = { [filter]: v };
      }
      for (const [i, query] of (c.list.commonQueries ?? []).entries()) requests[`common ${i}`] = query;
      const found: Record<string, string[]> = {};
      for (const [label, query] of Object.entries(requests)) {
        const q = parse(c, query);
        const ctx = ctxOf(c, q, query);
        const p = [
          ...(await unserved(db, pageKeysQuery(c.list, q, ctx, 25, 0), big, false)),
          ...(await unserved(db, countQuery(c.list, q, ctx), big, false)).map((x) => `count: ${x}`),
        ];
        if (p.length) found[`${label} ${JSON.stringify(query)}`] = p;
      }
      expect(found).toEqual({});
    });
  }

  /**
   * A list that keeps its plans (`keepPlans`) may run PostgreSQL's generic plan, made without the
   * request's values: for every request the engine keeps a plan for (each equality filter, each
   * common query, each sort; first page and page 200), the generic plan reaches the big tables
   * through the same indexes as the plan made for the values.
   */
  for (const c of CASES.filter((x) => x.list.keepPlans)) {
    it(`${c.list.name}: its kept (generic) plans read what its plans for the values read`, async () => {
      const requests: Record<string, Record<string, string>> = { plain: {} };
      for (const [field, f] of Object.entries(c.list.fields)) {
        if (f.filter) requests[field] = await sampleOf(c, field);
        if (f.sortable) requests[`sort ${field}`] = { order_field: field, order_asc: "false" };
      }
      for (const [i, query] of (c.list.commonQueries ?? []).entries()) requests[`common ${i}`] = query;
      const differ: Record<string, { custom: string[]; generic: string[] }> = {};
      let kept = 0;
      for (const [label, query] of Object.entries(requests)) {
        const q = parse(c, query);
        if (!keepsPlan(c.list, q)) continue;
        kept++;
        const ctx = ctxOf(c, q, query);
        const statements = {
          "page 1": pageQuery(c.list, q, ctx, 25, 0),
          "page 200": pageQuery(c.list, q, ctx, 25, 4975),
          count: countQuery(c.list, q, ctx),
        };
        for (const [which, statement] of Object.entries(statements)) {
          const custom = accessPaths(await explain(db, statement), big);
          const generic = accessPaths(await explainGeneric(db, statement), big);
          if (JSON.stringify(custom) !== JSON.stringify(generic)) differ[`${label} ${which}`] = { custom, generic };
        }
      }
      expect(kept).toBeGreaterThan(3);
      expect(differ).toEqual({});
    });
  }
});
