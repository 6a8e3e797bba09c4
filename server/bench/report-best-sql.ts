/**
 * "Best SQL" of the Report benchmark (report.bench.ts): for each workload, the statements a DBA
 * writes by hand for the same answer — the same rows, every field, in the same order, and the same
 * count — with nothing of the list engine. report.bench.ts checks the answers equal before measuring.
 * The hours and money are what the database keeps (report_ore_turni, one row per assignment with
 * its day, operator, contract, qualification, bands and money — erp_importo_ore of the bands with
 * the contract's rates, migrations 0600, 0660): that is the data, not our code.
 */
import { GIORNI_IN_SCADENZA, TIPI_CORSO, TIPI_DOCUMENTO } from "../../src/domain/documenti";
import { STATI_PRATICA, TIPI_PRATICA } from "../../src/domain/operatore";

export interface BestStatement {
  sql: string;
  params: unknown[];
}

/** What the statements answer: the page (first statement) and the count (second, or the page's length). */
export interface BestAnswer {
  results: Record<string, unknown>[];
  count: number;
}

/** The money the database keeps per assignment (migration 0660: erp_importo_ore of its bands and rates). */
const RICAVO = "r.ricavo";
const COMPENSO = "r.compenso";
const ORE = `(r.feriale_diurno + r.feriale_notturno + r.domenica_diurno + r.domenica_notturno
  + r.festivo_diurno + r.festivo_notturno + r.festivo_domenica_diurno + r.festivo_domenica_notturno)`;
const DOMENICALI = "(r.domenica_diurno + r.domenica_notturno)";
const FESTIVE = "(r.festivo_diurno + r.festivo_notturno + r.festivo_domenica_diurno + r.festivo_domenica_notturno)";
/** The hour sums of a group of `r` rows. */
const SOMME = `count(*) AS n, sum(r.pianificate) AS pianificate, sum(${ORE}) AS ore, sum(r.feriale_diurno) AS diurne,
  sum(r.feriale_notturno) AS notturne, sum(${DOMENICALI}) AS domenicali, sum(${FESTIVE}) AS festive`;
/** The same sums over groups `x` of SOMME, as the report shows them. */
const SOMME_X = `sum(x.n)::int AS count, sum(x.pianificate)::float8 AS ore_pianificate, sum(x.ore)::float8 AS ore,
  sum(x.diurne)::float8 AS diurne, sum(x.notturne)::float8 AS notturne, sum(x.domenicali)::float8 AS domenicali,
  sum(x.festive)::float8 AS festive`;

/** An assignment's row (contracts/report/assegnazioni.ts) over r, s, c, cl, o, pz. */
const ASSEGNAZIONE = `r.turno_operatore_id AS id, to_char(r.giorno, 'YYYY-MM-DD') AS giorno, to_char(r.giorno, 'YYYY-MM') AS mese,
  o.cognome || ' ' || o.nome AS operatore, cl.ragione_sociale AS cliente, c.titolo AS contratto,
  CASE WHEN s.descrizione = '' THEN 'Servizio ' || s.id ELSE s.descrizione END AS servizio, pz.descrizione AS qualifica,
  r.fonte, r.pianificate AS ore_pianificate, ${ORE} AS ore, r.feriale_diurno AS diurne, r.feriale_notturno AS notturne,
  ${DOMENICALI} AS domenicali, ${FESTIVE} AS festive, r.operatore_id, c.cliente_id, r.contratto_id, r.servizio_id`;

const DETTAGLI = `JOIN servizi s ON s.id = r.servizio_id JOIN contratti c ON c.id = r.contratto_id
  JOIN clienti cl ON cl.id = c.cliente_id JOIN posizioni pz ON pz.id = r.posizione_id`;

/**
 * The year's assignments: report_ore_turni holds one row per assignment with its day, operator,
 * contract and qualification (migration 0660), read by its day index.
 */
const ANNO = "report_ore_turni r WHERE r.giorno BETWEEN $1::date AND $2::date";

/** The contract-months of the period $1–$2 (whole months): those with days, those with service costs. */
const MESI = `SELECT DISTINCT s.contratto_id, date_trunc('month', g.giorno)::date AS mese
    FROM giorni g JOIN servizi s ON s.id = g.servizio_id
   WHERE g.giorno >= date_trunc('month', $1::date) AND g.giorno <= $2::date
  UNION
  SELECT s.contratto_id, date_trunc('month', sc.data)::date FROM servizi_costi sc JOIN servizi s ON s.id = sc.servizio_id
   WHERE sc.data >= date_trunc('month', $1::date) AND date_trunc('month', sc.data) <= $2::date`;

/** Marginalità's money columns over the kept month `x`. */
const MARGINE_COLONNE = `coalesce(x.ricavi, 0)::float8 AS ricavi, coalesce(x.compensi, 0)::float8 AS compensi,
  coalesce(x.costo_lavoro, 0)::float8 AS costo_lavoro,
  coalesce(x.costi, 0)::float8 AS costi, (coalesce(x.ricavi, 0) - coalesce(x.compensi, 0) - coalesce(x.costi, 0))::float8 AS margine,
  CASE WHEN coalesce(x.ricavi, 0) = 0 THEN NULL
       ELSE round((coalesce(x.ricavi, 0) - coalesce(x.compensi, 0) - coalesce(x.costi, 0)) * 100 / x.ricavi, 2)::float8 END AS margine_pct,
  (coalesce(x.ricavi, 0) - coalesce(x.compensi, 0) - coalesce(x.costi, 0)) < 0 AS in_perdita,
  coalesce(x.turni, 0)::int AS turni, coalesce(x.senza_prezzo, 0)::int AS turni_senza_prezzo,
  coalesce(x.senza_compenso, 0)::int AS turni_senza_compenso`;

const conteggio = (q: Record<string, string>): BestStatement => ({
  sql: `SELECT count(*)::int AS n FROM ${ANNO}`,
  params: [q.dal, q.al],
});

/** The first 25 assignments of the year in `order` (over r, o and the other aliases), with `extra` columns. */
function primaPagina(q: Record<string, string>, order: string, extra = "", joins = ""): BestStatement[] {
  return [
    {
      sql: `SELECT ${ASSEGNAZIONE}${extra}
        FROM ${ANNO.replace("WHERE", `JOIN operatori o ON o.id = r.operatore_id ${DETTAGLI} ${joins} WHERE`)}
        ORDER BY ${order}, r.turno_operatore_id LIMIT 25`,
      params: [q.dal, q.al],
    },
    conteggio(q),
  ];
}

const PREZZO = "LEFT JOIN contratti_prezzi cp ON cp.contratto_id = r.contratto_id AND cp.posizione_id = r.posizione_id";
const PAGA = "LEFT JOIN contratti_compensi cc ON cc.contratto_id = r.contratto_id AND cc.posizione_id = r.posizione_id";

/** Sums of the hours (and `money`) per operator id, then per operator name as the report groups them. */
/**
 * Per operator over the period: the whole months from the sums the database keeps per operator and
 * month (report_ore_mesi, migration 0894), the days at the period's edges from report_ore_turni;
 * seconds summed as float8 (exact whole numbers, cheaper than numeric), money as numeric.
 */
function perOperatore(q: Record<string, string>, money?: { col: string; name: string }): BestStatement[] {
  // $1 dal, $2 al, $3 the first whole month, $4 the first day after the last whole month.
  const primo = q.dal.endsWith("-01") ? q.dal : primoDelMeseDopo(q.dal, 1);
  const fine = new Date(Date.parse(`${q.al}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const dopo = fine.endsWith("-01") ? fine : primoDelMeseDopo(q.al, 0);
  const bordi =
    "report_ore_turni r WHERE (r.giorno >= $1::date AND r.giorno < $3::date) OR (r.giorno >= $4::date AND r.giorno <= $2::date)";
  return [
    {
      sql: `WITH per_id AS (
          SELECT u.operatore_id, sum(u.n) AS n, sum(u.pianificate) AS pianificate, sum(u.ore) AS ore, sum(u.diurne) AS diurne,
                 sum(u.notturne) AS notturne, sum(u.domenicali) AS domenicali, sum(u.festive) AS festive
                 ${money ? ", sum(u.soldi) AS soldi" : ""}
            FROM (SELECT m.operatore_id, m.turni AS n, m.ore_pianificate::float8 AS pianificate, m.ore::float8,
                         m.diurne::float8, m.notturne::float8, m.domenicali::float8,
                         m.festive::float8${money ? `, m.${money.name} AS soldi` : ""}
                    FROM report_ore_mesi m WHERE m.mese >= $3::date AND m.mese < $4::date
                  UNION ALL
                  SELECT r.operatore_id, ${SOMME.replace(/\) AS /g, ")::float8 AS ")}${money ? `, sum(${money.col}) AS soldi` : ""}
                    FROM ${bordi} GROUP BY r.operatore_id) u
           GROUP BY u.operatore_id)
        SELECT o.cognome || ' ' || o.nome AS operatore, ${SOMME_X}
               ${money ? `, sum(x.soldi)::float8 AS ${money.name}` : ""}
          FROM per_id x JOIN operatori o ON o.id = x.operatore_id
         GROUP BY o.cognome || ' ' || o.nome, lower(o.cognome), lower(o.nome)
         ORDER BY lower(o.cognome), lower(o.nome) LIMIT 25`,
      params: [q.dal, q.al, primo, dopo],
    },
    {
      sql: `SELECT count(DISTINCT o.cognome || ' ' || o.nome)::int AS n FROM operatori o
             WHERE o.id IN (SELECT m.operatore_id FROM report_ore_mesi m WHERE m.mese >= $3::date AND m.mese < $4::date
                            UNION SELECT r.operatore_id FROM ${bordi})`,
      params: [q.dal, q.al, primo, dopo],
    },
  ];
}

/** The first day of the month `n` months after the month of day `d` ('YYYY-MM-DD'). */
function primoDelMeseDopo(d: string, n: number): string {
  return new Date(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1 + n, 1)).toISOString().slice(0, 10);
}

export const BEST_REPORT_SQL: Record<string, (q: Record<string, string>) => BestStatement[]> = {
  "risorse-assegnate: prima pagina": (q) => primaPagina(q, "r.giorno, lower(o.cognome), lower(o.nome)"),
  "risorse-assegnate: ore per operatore": (q) => perOperatore(q),
  "compensi: prima pagina": (q) =>
    primaPagina(
      q,
      "lower(o.cognome), lower(o.nome), r.giorno",
      `, cc.compenso_orario, ${COMPENSO} AS compenso,
        CASE WHEN cc.id IS NULL THEN 'Nessun compenso per la qualifica nel contratto' END AS motivo`,
      PAGA,
    ),
  "compensi: per operatore": (q) => perOperatore(q, { col: COMPENSO, name: "compenso" }),
  "ricavi-attivita: prima pagina": (q) =>
    primaPagina(
      q,
      "cl.ragione_sociale, c.titolo, r.giorno",
      `, cp.prezzo_orario, ${RICAVO} AS ricavo,
        CASE WHEN cp.id IS NULL THEN 'Nessun prezzo per la qualifica nel contratto' END AS motivo`,
      PREZZO,
    ),
  "ricavi-attivita: per cliente": (q) => [
    {
      // Per contract first (an integer key), then per client's name as the report groups them.
      sql: `WITH per_contratto AS (
          SELECT r.contratto_id, ${SOMME}, sum(${RICAVO}) AS ricavo
            FROM ${ANNO}
           GROUP BY r.contratto_id)
        SELECT cl.ragione_sociale AS cliente, ${SOMME_X}, sum(x.ricavo)::float8 AS ricavo
          FROM per_contratto x JOIN contratti c ON c.id = x.contratto_id JOIN clienti cl ON cl.id = c.cliente_id
         GROUP BY cl.ragione_sociale ORDER BY cl.ragione_sociale LIMIT 25`,
      params: [q.dal, q.al],
    },
    {
      sql: `SELECT count(DISTINCT cl.ragione_sociale)::int AS n FROM clienti cl JOIN contratti c ON c.cliente_id = cl.id
             WHERE c.id IN (SELECT r.contratto_id FROM ${ANNO})`,
      params: [q.dal, q.al],
    },
  ],
  "Marginalità: prima pagina": (q) => [
    {
      // The contract-months of the period (days or costs), the first 25 by month, client, contract;
      // their money and costs from report_margini_mesi (the database keeps them, migrations 0654, 0656).
      sql: `WITH m AS (${MESI}),
        k AS (SELECT m.*, cl.ragione_sociale, c.titolo, c.cliente_id FROM m JOIN contratti c ON c.id = m.contratto_id
               JOIN clienti cl ON cl.id = c.cliente_id ORDER BY m.mese, cl.ragione_sociale, c.titolo, (m.contratto_id || '-' || m.mese) LIMIT 25)
        SELECT k.contratto_id || '-' || k.mese AS chiave, to_char(k.mese, 'YYYY-MM-DD') AS mese, k.ragione_sociale AS cliente,
               k.titolo AS contratto, coalesce(x.ore, 0)::float8 AS ore, ${MARGINE_COLONNE}, k.cliente_id, k.contratto_id
          FROM k LEFT JOIN report_margini_mesi x ON x.contratto_id = k.contratto_id AND x.mese = k.mese
         ORDER BY k.mese, k.ragione_sociale, k.titolo, chiave`,
      params: [q.dal, q.al],
    },
    { sql: `SELECT count(*)::int AS n FROM (${MESI}) m`, params: [q.dal, q.al] },
  ],
  "Marginalità: andamento per mese": (q) => [
    {
      // The period's contract-months with their kept money and costs, summed per month.
      sql: `WITH m AS (${MESI})
        SELECT to_char(m.mese, 'YYYY-MM-DD') AS mese, count(*)::int AS count, sum(coalesce(x.ore, 0))::float8 AS ore,
               sum(coalesce(x.ricavi, 0))::float8 AS ricavi, sum(coalesce(x.compensi, 0))::float8 AS compensi,
               sum(coalesce(x.costo_lavoro, 0))::float8 AS costo_lavoro, sum(coalesce(x.costi, 0))::float8 AS costi,
               sum(coalesce(x.ricavi, 0) - coalesce(x.compensi, 0) - coalesce(x.costi, 0))::float8 AS margine,
               sum(coalesce(x.turni, 0))::float8 AS turni, sum(coalesce(x.senza_prezzo, 0))::float8 AS turni_senza_prezzo,
               sum(coalesce(x.senza_compenso, 0))::float8 AS turni_senza_compenso
          FROM m LEFT JOIN report_margini_mesi x ON x.contratto_id = m.contratto_id AND x.mese = m.mese
         GROUP BY m.mese ORDER BY m.mese`,
      params: [q.dal, q.al],
    },
  ],
  "scadenze-corsi: entro un anno": (q) => scadenze("operatori_corsi", TIPI_CORSO, q),
  "scadenze-documenti: entro un anno": (q) => scadenze("operatori_documenti", TIPI_DOCUMENTO, q),
  "pratiche: prima pagina": () => [
    {
      sql: `SELECT p.id, o.cognome || ' ' || o.nome AS operatore, p.tipo, ${label("p.tipo", TIPI_PRATICA)} AS tipo_descrizione,
               p.stato, ${label("p.stato", STATI_PRATICA)} AS stato_descrizione, to_char(p.data_apertura, 'YYYY-MM-DD') AS data_apertura,
               to_char(p.data_chiusura, 'YYYY-MM-DD') AS data_chiusura,
               coalesce(p.data_chiusura, (now() AT TIME ZONE 'Europe/Rome')::date) - p.data_apertura AS giorni, p.note, p.operatore_id
          FROM operatori_pratiche p JOIN operatori o ON o.id = p.operatore_id
         WHERE NOT o.anonimizzato ORDER BY p.data_apertura DESC, p.id DESC LIMIT 25`,
      params: [],
    },
    {
      sql: "SELECT count(*)::int AS n FROM operatori_pratiche p JOIN operatori o ON o.id = p.operatore_id WHERE NOT o.anonimizzato",
      params: [],
    },
  ],
};

type Voci = readonly { code: string; label: string }[];

/** The Italian label of a code, as the screens show it (the domain's lists). */
const label = (col: string, voci: Voci) =>
  `CASE ${col} ${voci.map((v) => `WHEN '${v.code}' THEN '${v.label.replace(/'/g, "''")}'`).join(" ")} ELSE ${col} END`;

/** The latest of each type per operator expiring by `entro`, 25 by expiry, with the shifts after it. */
function scadenze(table: string, voci: Voci, q: Record<string, string>): BestStatement[] {
  const ultima = `FROM (SELECT DISTINCT ON (x.operatore_id, x.tipo) x.* FROM ${table} x
      ORDER BY x.operatore_id, x.tipo, x.data_scadenza DESC NULLS FIRST, x.id DESC) x
    JOIN operatori o ON o.id = x.operatore_id
    WHERE x.data_scadenza IS NOT NULL AND x.data_scadenza <= $1::date AND NOT o.cessato AND NOT o.anonimizzato`;
  const oggi = "(now() AT TIME ZONE 'Europe/Rome')::date";
  return [
    {
      sql: `SELECT x.id, o.cognome || ' ' || o.nome AS operatore, x.tipo, ${label("x.tipo", voci)} AS tipo_descrizione,
               to_char(x.data_scadenza, 'YYYY-MM-DD') AS data_scadenza,
               CASE WHEN x.data_scadenza < ${oggi} THEN 'scaduto' WHEN x.data_scadenza <= ${oggi} + ${GIORNI_IN_SCADENZA} THEN 'in_scadenza' ELSE 'valido' END AS stato,
               x.data_scadenza - ${oggi} AS giorni_alla_scadenza, d.turni AS turni_dopo_scadenza,
               to_char(d.primo, 'YYYY-MM-DD') AS primo_turno_dopo, x.operatore_id
          FROM (SELECT x.*, o.cognome, o.nome ${ultima} ORDER BY x.data_scadenza, x.id LIMIT 25) x
          JOIN operatori o ON o.id = x.operatore_id
          CROSS JOIN LATERAL (SELECT count(*)::int AS turni, min(g.giorno) AS primo
              FROM turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
             WHERE a.operatore_id = x.operatore_id AND g.giorno > x.data_scadenza) d
         ORDER BY x.data_scadenza, x.id`,
      params: [q.entro],
    },
    { sql: `SELECT count(*)::int AS n ${ultima}`, params: [q.entro] },
  ];
}
