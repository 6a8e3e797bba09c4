/**
 * "Best SQL" of the Report benchmark (report.bench.ts): for each workload, the statements a DBA
 * writes by hand for the same answer — the same rows, every field, in the same order, and the same
 * count — with nothing of the list engine. report.bench.ts checks the answers equal before measuring.
 * The money is the database's own rule (erp_importo_ore, migration 0600, inlined by the planner) on
 * the hours the database keeps (report_ore_turni): that is the data, not our code.
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

const BANDS = `ARRAY[coalesce(r.feriale_diurno, 0), coalesce(r.feriale_notturno, 0), coalesce(r.domenica_diurno, 0),
  coalesce(r.domenica_notturno, 0), coalesce(r.festivo_diurno, 0), coalesce(r.festivo_notturno, 0),
  coalesce(r.festivo_domenica_diurno, 0), coalesce(r.festivo_domenica_notturno, 0)]::integer[]`;
const RICAVO = `erp_importo_ore(${BANDS}, cp.prezzo_orario, cp.maggiorazione_notturna, cp.maggiorazione_festiva, cp.maggiorazione_domenicale)`;
const COMPENSO = `erp_importo_ore(${BANDS}, cc.compenso_orario, cc.maggiorazione_notturna, cc.maggiorazione_festiva, cc.maggiorazione_domenicale)`;
const ORE = `coalesce(r.feriale_diurno + r.feriale_notturno + r.domenica_diurno + r.domenica_notturno
  + r.festivo_diurno + r.festivo_notturno + r.festivo_domenica_diurno + r.festivo_domenica_notturno, 0)`;
const DOMENICALI = "coalesce(r.domenica_diurno + r.domenica_notturno, 0)";
const FESTIVE =
  "coalesce(r.festivo_diurno + r.festivo_notturno + r.festivo_domenica_diurno + r.festivo_domenica_notturno, 0)";

/** An assignment's row (contracts/report/assegnazioni.ts) over a, t, g, s, c, cl, o, pz, r. */
const ASSEGNAZIONE = `a.id, to_char(g.giorno, 'YYYY-MM-DD') AS giorno, to_char(g.giorno, 'YYYY-MM') AS mese,
  o.cognome || ' ' || o.nome AS operatore, cl.ragione_sociale AS cliente, c.titolo AS contratto,
  CASE WHEN s.descrizione = '' THEN 'Servizio ' || s.id ELSE s.descrizione END AS servizio, pz.descrizione AS qualifica,
  coalesce(r.fonte, 'pianificate') AS fonte, coalesce(r.pianificate, 0) AS ore_pianificate, ${ORE} AS ore,
  coalesce(r.feriale_diurno, 0) AS diurne, coalesce(r.feriale_notturno, 0) AS notturne, ${DOMENICALI} AS domenicali,
  ${FESTIVE} AS festive, a.operatore_id, c.cliente_id, s.contratto_id, g.servizio_id`;

const DETTAGLI = `JOIN servizi s ON s.id = g.servizio_id JOIN contratti c ON c.id = s.contratto_id
  JOIN clienti cl ON cl.id = c.cliente_id JOIN posizioni pz ON pz.id = t.posizione_id
  LEFT JOIN report_ore_turni r ON r.turno_operatore_id = a.id`;

/** The year's assignments: the days by their index, their shifts, the shifts' operators. */
const ANNO = `giorni g JOIN turni t ON t.giorno_id = g.id JOIN turni_operatori a ON a.turno_id = t.id
  WHERE g.giorno BETWEEN $1::date AND $2::date`;

/** The contract-months of the period $1–$2 (whole months): those with days, those with service costs. */
const MESI = `SELECT DISTINCT s.contratto_id, date_trunc('month', g.giorno)::date AS mese
    FROM giorni g JOIN servizi s ON s.id = g.servizio_id
   WHERE g.giorno >= date_trunc('month', $1::date) AND g.giorno <= $2::date
  UNION
  SELECT s.contratto_id, date_trunc('month', sc.data)::date FROM servizi_costi sc JOIN servizi s ON s.id = sc.servizio_id
   WHERE sc.data >= date_trunc('month', $1::date) AND date_trunc('month', sc.data) <= $2::date`;

/** Marginalità's money columns over the kept month `x`. */
const MARGINE_COLONNE = `coalesce(x.ricavi, 0)::float8 AS ricavi, coalesce(x.compensi, 0)::float8 AS compensi,
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

/** The first 25 assignments of the year in `order` (over a, g, o and the other aliases), with `extra` columns. */
function primaPagina(q: Record<string, string>, order: string, extra = "", joins = ""): BestStatement[] {
  return [
    {
      sql: `SELECT ${ASSEGNAZIONE}${extra}
        FROM ${ANNO.replace("WHERE", `JOIN operatori o ON o.id = a.operatore_id ${DETTAGLI} ${joins} WHERE`)}
        ORDER BY ${order}, a.id LIMIT 25`,
      params: [q.dal, q.al],
    },
    conteggio(q),
  ];
}

const PREZZO = "LEFT JOIN contratti_prezzi cp ON cp.contratto_id = s.contratto_id AND cp.posizione_id = t.posizione_id";
const PAGA = "LEFT JOIN contratti_compensi cc ON cc.contratto_id = s.contratto_id AND cc.posizione_id = t.posizione_id";

/** Sums of the hours (and `money`) per operator id, then per operator name as the report groups them. */
function perOperatore(
  q: Record<string, string>,
  money?: { col: string; joins: string; name: string },
): BestStatement[] {
  const soldi = money ? `, sum(${money.col}) AS soldi` : "";
  return [
    {
      sql: `WITH per_id AS (
          SELECT a.operatore_id, count(*) AS n, sum(coalesce(r.pianificate, 0)) AS pianificate, sum(${ORE}) AS ore,
                 sum(coalesce(r.feriale_diurno, 0)) AS diurne, sum(coalesce(r.feriale_notturno, 0)) AS notturne,
                 sum(${DOMENICALI}) AS domenicali, sum(${FESTIVE}) AS festive${soldi}
            FROM ${ANNO.replace(
              "WHERE",
              `LEFT JOIN report_ore_turni r ON r.turno_operatore_id = a.id ${
                money ? `JOIN servizi s ON s.id = g.servizio_id ${money.joins}` : ""
              } WHERE`,
            )}
           GROUP BY a.operatore_id)
        SELECT o.cognome || ' ' || o.nome AS operatore, sum(x.n)::int AS count, sum(x.pianificate)::float8 AS ore_pianificate,
               sum(x.ore)::float8 AS ore, sum(x.diurne)::float8 AS diurne, sum(x.notturne)::float8 AS notturne,
               sum(x.domenicali)::float8 AS domenicali, sum(x.festive)::float8 AS festive
               ${money ? `, sum(x.soldi)::float8 AS ${money.name}` : ""}
          FROM per_id x JOIN operatori o ON o.id = x.operatore_id
         GROUP BY o.cognome || ' ' || o.nome, lower(o.cognome), lower(o.nome)
         ORDER BY lower(o.cognome), lower(o.nome) LIMIT 25`,
      params: [q.dal, q.al],
    },
    {
      sql: `SELECT count(DISTINCT o.cognome || ' ' || o.nome)::int AS n FROM operatori o
             WHERE EXISTS (SELECT 1 FROM ${ANNO} AND a.operatore_id = o.id)`,
      params: [q.dal, q.al],
    },
  ];
}

export const BEST_REPORT_SQL: Record<string, (q: Record<string, string>) => BestStatement[]> = {
  "risorse-assegnate: prima pagina": (q) => primaPagina(q, "g.giorno, lower(o.cognome), lower(o.nome)"),
  "risorse-assegnate: ore per operatore": (q) => perOperatore(q),
  "compensi: prima pagina": (q) =>
    primaPagina(
      q,
      "lower(o.cognome), lower(o.nome), g.giorno",
      `, cc.compenso_orario, ${COMPENSO} AS compenso,
        CASE WHEN cc.id IS NULL THEN 'Nessun compenso per la qualifica nel contratto' END AS motivo`,
      PAGA,
    ),
  "compensi: per operatore": (q) => perOperatore(q, { col: COMPENSO, joins: PAGA, name: "compenso" }),
  "ricavi-attivita: prima pagina": (q) =>
    primaPagina(
      q,
      "cl.ragione_sociale, c.titolo, g.giorno",
      `, cp.prezzo_orario, ${RICAVO} AS ricavo,
        CASE WHEN cp.id IS NULL THEN 'Nessun prezzo per la qualifica nel contratto' END AS motivo`,
      PREZZO,
    ),
  "ricavi-attivita: per cliente": (q) => [
    {
      // Per contract first (an integer key), then per client's name as the report groups them.
      sql: `WITH per_contratto AS (
          SELECT s.contratto_id, count(*) AS n, sum(coalesce(r.pianificate, 0)) AS pianificate, sum(${ORE}) AS ore,
                 sum(coalesce(r.feriale_diurno, 0)) AS diurne, sum(coalesce(r.feriale_notturno, 0)) AS notturne,
                 sum(${DOMENICALI}) AS domenicali, sum(${FESTIVE}) AS festive, sum(${RICAVO}) AS ricavo
            FROM ${ANNO.replace(
              "WHERE",
              `JOIN servizi s ON s.id = g.servizio_id LEFT JOIN report_ore_turni r ON r.turno_operatore_id = a.id ${PREZZO} WHERE`,
            )}
           GROUP BY s.contratto_id)
        SELECT cl.ragione_sociale AS cliente, sum(x.n)::int AS count, sum(x.pianificate)::float8 AS ore_pianificate,
               sum(x.ore)::float8 AS ore, sum(x.diurne)::float8 AS diurne, sum(x.notturne)::float8 AS notturne,
               sum(x.domenicali)::float8 AS domenicali, sum(x.festive)::float8 AS festive, sum(x.ricavo)::float8 AS ricavo
          FROM per_contratto x JOIN contratti c ON c.id = x.contratto_id JOIN clienti cl ON cl.id = c.cliente_id
         GROUP BY cl.ragione_sociale ORDER BY cl.ragione_sociale LIMIT 25`,
      params: [q.dal, q.al],
    },
    {
      sql: `SELECT count(DISTINCT cl.ragione_sociale)::int AS n FROM clienti cl JOIN contratti c ON c.cliente_id = cl.id
             WHERE EXISTS (SELECT 1 FROM servizi s JOIN ${ANNO.replace("WHERE", "ON g.servizio_id = s.id WHERE")} AND s.contratto_id = c.id)`,
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
               sum(coalesce(x.costi, 0))::float8 AS costi,
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
