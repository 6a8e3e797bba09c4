/**
 * A PUT changes only what it names, on EVERY update route of the API. For each one: a record with
 * a value other than the default in every field; a PUT of each field alone (with the value it
 * already has) leaves the GET answer and the database row exactly as they were; a PUT of one field
 * with a new value changes that field and nothing else. The routes are the server's own (seen as it
 * registers them): a new PUT or PATCH route fails this test until it has its case below.
 */
import { type SQL, sql } from "drizzle-orm";
import type * as LightMyRequest from "light-my-request";
import type { Db } from "../../../server/db/client";
import { queryOne } from "../../../server/db/query";
import { computeFiscalCode } from "../../../src/domain/fiscal-code";
import { withPartitaIvaCheckDigit } from "../../../src/domain/partita-iva";
import { multipartBody } from "../anagrafiche/operatori/multipart";
import { auth, describeEachDb } from "../helpers/app";
import { apiRoutes, recordRoutes } from "../helpers/routes";
import { createCliente, createOperatore, posizioneId } from "../pianificazione/fixtures";

type Values = Record<string, unknown>;

interface Ctx {
  db: Db;
  /** A call as the administrator. */
  inject(method: "GET" | "POST" | "PUT", url: string, payload?: unknown): Promise<LightMyRequest.Response>;
  /** A JSON call as the administrator; throws unless the status is `expect`. */
  call(method: "GET" | "POST" | "PUT", url: string, payload?: unknown, expect?: number): Promise<unknown>;
  upload(url: string, fields: Record<string, string>, file: { name: string; data: Buffer }): Promise<Values>;
  steward: number;
  gpg: number;
  cliente: number;
  operatore: number;
}

interface UpdateCase {
  /** Makes the record with a value other than the default in every field: its PUT url and those values. */
  create(c: Ctx): Promise<{ url: string; values: Values }>;
  /** The record as the API answers it. */
  read(c: Ctx, url: string): Promise<Values>;
  /** The record in the database, column → value. */
  row(c: Ctx, url: string): Promise<Values>;
  /** The PUT body that sends only `values` (default {data: values}). */
  body?(values: Values): unknown;
  /** One field set to a new value; `answer` is what the GET answer then shows (default: `data`). */
  change: { data: Values; answer?: Values; columns?: string[] };
}

const idOf = (url: string) => Number(/(\d+)\/$/.exec(url)![1]);
const withoutUpdatedAt = (v: Values): Values =>
  Object.fromEntries(Object.entries(v).filter(([k]) => k !== "updated_at"));

/** The row of `table` whose id ends the url, as JSON (without updated_at). */
const rowOf =
  (table: string) =>
  async (c: Ctx, url: string): Promise<Values> =>
    selectRow(c.db, sql`SELECT to_jsonb(x) AS r FROM ${sql.raw(table)} x WHERE x.id = ${idOf(url)}`);

async function selectRow(db: Db, query: SQL): Promise<Values> {
  const found = await queryOne<{ r: Values }>(db, query);
  if (!found) throw new Error("row not found");
  return withoutUpdatedAt(typeof found.r === "string" ? JSON.parse(found.r) : found.r);
}

/** GET a list ({results} or a bare array) and take the item whose id ends the url. */
const itemOf = (listUrl: (url: string) => string) => async (c: Ctx, url: string) => {
  const answer = (await c.call("GET", listUrl(url))) as Values[] | { results: Values[] };
  const list = Array.isArray(answer) ? answer : answer.results;
  const item = list.find((i) => i.id === idOf(url));
  if (!item) throw new Error(`item ${url} not in the list`);
  return item;
};
const parentList = (url: string) => url.replace(/\d+\/$/, "");
const read = async (c: Ctx, url: string) => withoutUpdatedAt((await c.call("GET", url)) as Values);

/** A sub-resource created by POST {data} on `list`, updated at `list/{id}/`. */
async function postChild(c: Ctx, list: string, values: Values) {
  const created = (await c.call("POST", list, { data: values }, 201)) as { id: number };
  return { url: `${list}${created.id}/`, values };
}

const C = "/api/pianificazione/contratti";
const OP = "/api/anagrafiche/operatori";

async function contratto(c: Ctx) {
  return ((await c.call("POST", `${C}/`, { data: { titolo: "Fiera", cliente: c.cliente } }, 201)) as { id: number }).id;
}
async function servizio(c: Ctx) {
  const idC = await contratto(c);
  const s = (await c.call(
    "POST",
    `${C}/${idC}/servizi/`,
    {
      data: {
        dal: "2025-09-01",
        al: "2025-09-30",
        giorni_settimana: [1],
        turni: [{ inizio_f1: "08:00", fine_f1: "12:00", posizione: c.steward, operatori_richiesti: 1 }],
      },
    },
    201,
  )) as { id: number };
  return `${C}/${idC}/servizi/${s.id}/`;
}
async function giorno(c: Ctx) {
  const S = await servizio(c);
  const g = (await c.call("POST", `${S}giorni/`, { data: { giorno: "2025-09-03" } }, 201)) as { id: number };
  return { S, G: `${S}giorni/${g.id}/` };
}
/** A shift or day of a service, as the service's GET answers it. */
const inServizio = (kind: "giorno" | "turno") => async (c: Ctx, url: string) => {
  const S = /^.*\/servizi\/\d+\//.exec(url)![0];
  const s = (await c.call("GET", S)) as { giorni: (Values & { turni: Values[] })[] };
  const found =
    kind === "giorno"
      ? s.giorni.find((g) => g.id === idOf(url))
      : s.giorni.flatMap((g) => g.turni).find((t) => t.id === idOf(url));
  if (!found) throw new Error(`${kind} ${url} not in the service`);
  return found;
};

const operatoreTab = (tab: string, values: Values, change: Values): UpdateCase => ({
  create: (c) => postChild(c, `${OP}/${c.operatore}/${tab}/`, values),
  read: itemOf(parentList),
  row: rowOf(`operatori_${tab}`),
  change: { data: change },
});

const PROFILO = "DLGS_66_2003";
const DISPONIBILITA = { "1": false, "2": true, "3": false, "4": true, "5": false, "6": true, "7": false };

/** Every PUT/PATCH route of the API, by the path the server registers. */
const CASES: Record<string, UpdateCase> = {
  "PUT /api/anagrafiche/candidati/:id/": {
    async create(c) {
      const person = { cognome: "Bianchi", nome: "Giulia", sesso: "F", data_nascita: "1990-03-12" };
      const values = {
        ...person,
        codice_fiscale: computeFiscalCode({ ...person, codice_catastale: "A794" }),
        email: "giulia.bianchi@example.it",
        cellulare: "+39 347 7654321",
        citta: "Bergamo",
        prov: "BG",
        posizioni: [c.steward, c.gpg],
        giorni_disponibili: [1, 3, 5],
        turni_notturni: true,
        trasferte: true,
        stato: "colloquio",
        valutazione: 4,
        note: "Disponibile da subito",
      };
      const created = (await c.call("POST", "/api/anagrafiche/candidati/", { data: values }, 201)) as { id: number };
      return { url: `/api/anagrafiche/candidati/${created.id}/`, values };
    },
    read,
    row: rowOf("candidati"),
    change: { data: { note: "Richiamare a settembre" } },
  },

  "PUT /api/anagrafiche/clienti/:id/": {
    async create(c) {
      const piva = withPartitaIvaCheckDigit("0456789012");
      return postChild(c, "/api/anagrafiche/clienti/", {
        ragione_sociale: "Banca Alfa S.p.A.",
        partita_iva: piva,
        codice_fiscale: piva,
        codice_sdi: "M5UXCR1",
        pec: "amministrazione@pec.alfa.it",
        email: "info@alfa.it",
        telefono: "02 8765 4321",
        indirizzo: "Via Dante 4",
        cap: "20121",
        citta: "Milano",
        prov: "MI",
        lat: 45.4655,
        lng: 9.1865,
        note: "Cliente storico",
        attivo: false,
      });
    },
    read,
    row: rowOf("clienti"),
    change: { data: { note: "Cliente dal 1998" } },
  },
  "PUT /api/anagrafiche/clienti/:id/sedi/:subId/": {
    create: (c) =>
      postChild(c, `/api/anagrafiche/clienti/${c.cliente}/sedi/`, {
        descrizione: "Filiale di Bergamo",
        indirizzo: "Via XX Settembre 1",
        cap: "24121",
        citta: "Bergamo",
        prov: "BG",
        lat: 45.6983,
        lng: 9.6773,
        note: "Ingresso dal cortile",
      }),
    read: (c, url) => sub(c, url, "sedi"),
    row: rowOf("clienti_sedi"),
    change: { data: { note: "Ingresso principale" } },
  },
  "PUT /api/anagrafiche/clienti/:id/contatti/:subId/": {
    create: (c) =>
      postChild(c, `/api/anagrafiche/clienti/${c.cliente}/contatti/`, {
        nome: "Anna Neri",
        ruolo: "Responsabile sicurezza",
        telefono: "02 1234 5678",
        email: "anna.neri@alfa.it",
        note: "Reperibile la mattina",
      }),
    read: (c, url) => sub(c, url, "contatti"),
    row: rowOf("clienti_contatti"),
    change: { data: { ruolo: "Direttrice" } },
  },

  "PUT /api/anagrafiche/operatori/:id/": {
    async create(c) {
      const person = { cognome: "Galli", nome: "Sara", sesso: "F", data_nascita: "1988-11-05" };
      const values = {
        ...person,
        codice: "OPX0042",
        codice_fiscale: computeFiscalCode({ ...person, codice_catastale: "F205" }),
        luogo_nascita: "Milano",
        prov_nascita: "MI",
        cittadinanza: "Italiana",
        indirizzo: "Via Roma",
        numero: "5",
        cap: "20121",
        citta: "Milano",
        prov: "MI",
        d_indirizzo: "Via Verdi",
        d_numero: "7",
        d_cap: "24121",
        d_citta: "Bergamo",
        d_prov: "BG",
        cellulare: "+39 347 1234567",
        telefono: "02 1234 5678",
        email: "sara.galli@example.it",
        pec: "sara.galli@pec.example.it",
        iban: "IT60X0542811101000000123456",
        data_iban: "2024-01-10",
        altezza: 170,
        peso: 60,
        titolo_studio: "Diploma",
        referente: "Sig. Neri",
        area_agenzia: "Nord",
        area_sede: "Milano",
        attivo: false,
        cessato: true,
        black_list: true,
        data_disattivazione: "2025-01-31",
        data_iscrizione: "2020-05-04",
        ammortizzatori: true,
        amm_note: "Cassa integrazione",
        applicazione: true,
        sms: true,
        cod_pref: "A1",
        cp_rilasciato_da: "Comune di Milano",
        cp_rilasciato_il: "2020-01-01",
        cp_scadenza: "2030-01-01",
        rating: 4,
        lat: 45.4642,
        lng: 9.19,
        annotazioni: "Annotazione",
        note: "Nota",
        posizioni_operatore: [{ posizione: { id: c.steward } }, { posizione: { id: c.gpg } }],
      };
      const created = (await c.call("POST", `${OP}/`, { data: values }, 201)) as { id: number };
      return { url: `${OP}/${created.id}/`, values };
    },
    read,
    row: rowOf("operatori"),
    change: { data: { referente: "Sig.ra Bruni" } },
  },
  "PUT /api/anagrafiche/operatori/:id/documenti/:subId/": operatoreTab(
    "documenti",
    {
      tipo: "porto_armi",
      numero: "PA-1",
      rilasciato_da: "Questura di Milano",
      data_rilascio: "2024-01-01",
      data_scadenza: "2030-01-01",
      note: "Originale",
    },
    { numero: "PA-2" },
  ),
  "PUT /api/anagrafiche/operatori/:id/corsi/:subId/": operatoreTab(
    "corsi",
    {
      tipo: "antincendio",
      ente: "Vigili del fuoco",
      data_conseguimento: "2023-03-01",
      data_scadenza: "2028-03-01",
      note: "Rischio medio",
    },
    { ente: "ASL" },
  ),
  "PUT /api/anagrafiche/operatori/:id/contratti/:subId/": operatoreTab(
    "contratti",
    {
      tipo: "determinato",
      data_inizio: "2025-01-01",
      data_fine: "2025-12-31",
      ore_settimanali: 30,
      note: "Stagionale",
    },
    { ore_settimanali: 20 },
  ),
  "PUT /api/anagrafiche/operatori/:id/compensi/:subId/": operatoreTab(
    "compensi",
    { descrizione: "Indennità", importo: 120.5, dal: "2025-01-01", al: "2025-06-30", note: "Trasferta" },
    { importo: 99 },
  ),
  "PUT /api/anagrafiche/operatori/:id/pratiche/:subId/": operatoreTab(
    "pratiche",
    {
      tipo: "malattia",
      stato: "in_corso",
      data_apertura: "2025-02-01",
      data_chiusura: "2025-02-20",
      note: "Certificato",
    },
    { stato: "chiusa" },
  ),
  "PUT /api/anagrafiche/operatori/:id/indisponibilita/:subId/": operatoreTab(
    "indisponibilita",
    { dal: "2026-08-01T06:00:00.000Z", al: "2026-08-15T18:00:00.000Z", motivo: "Ferie", note: "Estive" },
    { motivo: "Permesso" },
  ),
  "PUT /api/anagrafiche/operatori/:id/disponibilita/": {
    async create(c) {
      const url = `${OP}/${c.operatore}/disponibilita/`;
      await c.call("PUT", url, disponibilitaBody(DISPONIBILITA), 200);
      return { url, values: DISPONIBILITA };
    },
    read: async (c, url) =>
      Object.fromEntries(
        ((await c.call("GET", url)) as { giorno: number; disponibile: boolean }[]).map((d) => [
          String(d.giorno),
          d.disponibile,
        ]),
      ),
    row: (c, url) =>
      selectRow(
        c.db,
        sql`SELECT coalesce(jsonb_object_agg(giorno_settimana::text, disponibile), '{}') AS r
            FROM operatori_disponibilita WHERE operatore_id = ${Number(/operatori\/(\d+)\//.exec(url)![1])}`,
      ),
    body: disponibilitaBody,
    change: { data: { "3": true } },
  },

  "PUT /api/auth/users/:id/": {
    async create(c) {
      const values = {
        username: "mverdi.partial",
        email: "marta.verdi@example.it",
        nome: "Marta",
        cognome: "Verdi",
        permissions: ["erp_contratti", "erp_clienti"],
        attivo: false,
      };
      const created = (await c.call(
        "POST",
        "/api/auth/users/",
        { data: { ...values, password: "Sentinella-Notturna-42" } },
        201,
      )) as { id: number };
      return { url: `/api/auth/users/${created.id}/`, values };
    },
    read,
    // password_hash included: a PUT without a password keeps it
    row: rowOf("users"),
    change: { data: { nome: "Martina" } },
  },

  "PUT /api/cms/eventi/:id/": {
    async create(c) {
      const v = (await c.call(
        "POST",
        "/api/cms/utenti/",
        { data: { first_name: "Vera", last_name: "Villa", cellulare: "3201234567", tipologia: "V" } },
        201,
      )) as { id: number };
      return postChild(c, "/api/cms/eventi/", {
        titolo: "Festa patronale",
        descrizione: "Processione e fuochi",
        visualizzatori: [v.id],
        indirizzo: "Piazza Maggiore",
        citta: "Bologna",
        prov: "BO",
        contatore: true,
        data_inizio: "2026-09-04T18:00",
        data_fine: "2026-09-04T23:30",
        abilitato: false,
        soglia_attenzione: 70,
        soglia_massima: 90,
      });
    },
    read,
    row: rowOf("cms_eventi"),
    change: { data: { soglia_massima: 92 } },
  },
  "PUT /api/cms/eventi/:id/varchi/:subId/": {
    create: async (c) => {
      const e = (await c.call("POST", "/api/cms/eventi/", { data: CMS_EVENTO }, 201)) as { id: number };
      return postChild(c, `/api/cms/eventi/${e.id}/varchi/`, { nome: "Varco Est", capienza: 800, direzione: "out" });
    },
    read: (c, url) => inEvento(c, url, "varchi"),
    row: rowOf("cms_varchi"),
    change: { data: { capienza: 900 } },
  },
  "PUT /api/cms/eventi/:id/dispositivi/:subId/": {
    create: async (c) => {
      const e = (await c.call("POST", "/api/cms/eventi/", { data: CMS_EVENTO }, 201)) as { id: number };
      const g = (await c.call(
        "POST",
        `/api/cms/eventi/${e.id}/varchi/`,
        { data: { nome: "A", capienza: 10 } },
        201,
      )) as {
        id: number;
      };
      return postChild(c, `/api/cms/eventi/${e.id}/dispositivi/`, {
        codice: "CP-0042",
        descrizione: "Tornello",
        varco_id: g.id,
      });
    },
    read: (c, url) => inEvento(c, url, "dispositivi"),
    row: rowOf("cms_dispositivi"),
    change: { data: { descrizione: "Tornello nuovo" } },
  },
  "PUT /api/cms/utenti/:id/": {
    create: (c) =>
      postChild(c, "/api/cms/utenti/", {
        first_name: "Paolo",
        last_name: "Conti",
        tipologia: "S",
        email: "paolo.conti@example.it",
        cellulare: "3387654321",
        attivo: false,
      }),
    async read(c, url) {
      const list = (await c.call("GET", `/api/cms/utenti/?id=${idOf(url)}`)) as { results: Values[] };
      return list.results[0];
    },
    row: rowOf("cms_utenti"),
    change: { data: { cellulare: "3380000000" } },
  },

  "PUT /api/comunicazioni/ticket/:id/": {
    async create(c) {
      const admin = await queryOne<{ id: number }>(c.db, sql`SELECT min(id)::int AS id FROM users`);
      const t = await queryOne<{ id: number }>(
        c.db,
        sql`INSERT INTO ticket_supporto (operatore_id, tipo, oggetto, testo, stato, assegnato_a)
            VALUES (${c.operatore}, 'problema', 'Badge guasto', 'Il badge non apre il varco 3', 'in_lavorazione',
                    ${admin!.id}) RETURNING id`,
      );
      return {
        url: `/api/comunicazioni/ticket/${t!.id}/`,
        values: { stato: "in_lavorazione", assegnato_a: admin!.id },
      };
    },
    // The first GET marks the ticket read (letto_il, letto_da); later ones change nothing.
    read,
    row: rowOf("ticket_supporto"),
    change: { data: { stato: "chiuso" } },
  },

  "PUT /api/comunicazioni/anomalie/:id/": {
    async create(c) {
      const admin = await queryOne<{ id: number }>(c.db, sql`SELECT min(id)::int AS id FROM users`);
      const t = await queryOne<{ id: number }>(
        c.db,
        sql`WITH k AS (INSERT INTO contratti (titolo, cliente_id) VALUES ('Portierato', ${c.cliente}) RETURNING id),
                 s AS (INSERT INTO servizi (contratto_id, dal, al) SELECT id, '2026-07-10', '2026-07-10' FROM k RETURNING id),
                 g AS (INSERT INTO giorni (servizio_id, giorno) SELECT id, '2026-07-10' FROM s RETURNING id),
                 t AS (INSERT INTO turni (giorno_id, inizio_f1, fine_f1, posizione_id)
                       SELECT id, '08:00', '16:00', (SELECT min(id) FROM posizioni) FROM g RETURNING id)
            INSERT INTO anomalie (turno_id, operatore_id, tipo, data_ora, rilevata_il, valore, stato, note, gestita_da, gestita_il)
            SELECT t.id, ${c.operatore}, 'ritardo', '2026-07-10T08:20:00+02', '2026-07-10T08:21:00+02', 20, 'in_gestione',
                   'Chiamato', ${admin!.id}, '2026-07-10T09:00:00+02' FROM t RETURNING id`,
      );
      return { url: `/api/comunicazioni/anomalie/${t!.id}/`, values: { stato: "in_gestione", note: "Chiamato" } };
    },
    read,
    row: rowOf("anomalie"),
    // Whoever changes it handles it: the time it was handled moves with the change.
    change: {
      data: { stato: "chiusa" },
      answer: { stato: "chiusa", gestita_il: expect.any(String) },
      columns: ["stato", "gestita_il"],
    },
  },

  "PUT /api/pianificazione/contratti/:id/": {
    async create(c) {
      return postChild(c, `${C}/`, {
        titolo: "Vigilanza sede centrale",
        cliente: c.cliente,
        tipo_contratto: "Mensile",
        numero_contratto: "C-42",
        tipo_servizio: "Piantonamento",
        sede: "Milano",
        agente: "Rossi",
        subagente: "Bianchi",
        responsabile: "Verdi",
        responsabile_zona: "Neri",
        azienda_app: "Alfa",
        azienda_ese: "Beta",
        annotazioni: "Rinnovo annuale",
        attivo: false,
        data_disattivazione: "2025-12-31",
        allarme: true,
        notifica: true,
        notifica_allarme: true,
        sono_vigile: "1",
        anomalie_minuti: 20,
        anomalie_distanza_m: 500,
      });
    },
    read,
    row: rowOf("contratti"),
    change: { data: { annotazioni: "Rinnovo biennale" } },
  },
  "PUT /api/pianificazione/contratti/:idContratto/prezzi/:idRiga/": {
    create: async (c) =>
      postChild(c, `${C}/${await contratto(c)}/prezzi/`, {
        posizione: c.steward,
        prezzo_orario: 21.5,
        maggiorazione_notturna: 15,
        maggiorazione_festiva: 30,
        maggiorazione_domenicale: 20,
      }),
    read: itemOf(parentList),
    row: rowOf("contratti_prezzi"),
    change: { data: { prezzo_orario: 25 } },
  },
  "PUT /api/pianificazione/contratti/:idContratto/compensi/:idRiga/": {
    create: async (c) =>
      postChild(c, `${C}/${await contratto(c)}/compensi/`, { posizione: c.gpg, compenso_orario: 12.5 }),
    read: itemOf(parentList),
    row: rowOf("contratti_compensi"),
    change: { data: { compenso_orario: 13 } },
  },
  "PUT /api/pianificazione/contratti/:idContratto/non-graditi/:idRiga/": {
    create: async (c) =>
      postChild(c, `${C}/${await contratto(c)}/non-graditi/`, { operatore: c.operatore, motivo: "Ritardi" }),
    read: itemOf(parentList),
    row: rowOf("contratti_non_graditi"),
    change: { data: { motivo: "Lamentele del cliente" } },
  },
  "PUT /api/pianificazione/contratti/:idContratto/servizi/:idServizio/": {
    async create(c) {
      const idC = await contratto(c);
      return postChild(c, `${C}/${idC}/servizi/`, {
        dal: "2025-10-01",
        al: "2025-10-31",
        descrizione: "Presidio notturno",
        indirizzo: "Via Dante 4, Milano",
        lat: 45.4655,
        lng: 9.1865,
        note: "Chiavi in portineria",
        giorni_settimana: [2, 4],
        turni: [{ inizio_f1: "20:00", fine_f1: "06:00", posizione: c.gpg, operatori_richiesti: 2, note: "Ronda" }],
      });
    },
    read,
    row: rowOf("servizi"),
    change: { data: { note: "Chiavi in portineria, lato nord" } },
  },
  "PUT /api/pianificazione/contratti/:idContratto/servizi/:idServizio/giorni/:idGiorno/": {
    async create(c) {
      const { G } = await giorno(c);
      return { url: G, values: { giorno: "2025-09-03" } };
    },
    read: inServizio("giorno"),
    row: rowOf("giorni"),
    change: { data: { giorno: "2025-09-04" } },
  },
  "PUT /api/pianificazione/contratti/:idContratto/servizi/:idServizio/giorni/:idGiorno/turni/:idTurno/": {
    async create(c) {
      const { G } = await giorno(c);
      return postChild(c, `${G}turni/`, {
        inizio_f1: "20:00:00",
        fine_f1: "23:00:00",
        inizio_f2: "01:00:00",
        fine_f2: "05:00:00",
        posizione: c.gpg,
        operatori_richiesti: 3,
        note: "Turno spezzato",
      });
    },
    read: inServizio("turno"),
    row: rowOf("turni"),
    change: { data: { operatori_richiesti: 4 } },
  },
  "PUT /api/pianificazione/contratti/:idContratto/servizi/:idServizio/costi/:idRiga/": {
    create: async (c) =>
      postChild(c, `${await servizio(c)}costi/`, { tipo: "Vitto", importo: 120.4, data: "2025-09-02", note: "Pranzo" }),
    read: itemOf(parentList),
    row: rowOf("servizi_costi"),
    change: { data: { importo: 99 } },
  },
  "PUT /api/pianificazione/contratti/:idContratto/servizi/:idServizio/dotazioni/:idRiga/": {
    create: async (c) =>
      postChild(c, `${await servizio(c)}dotazioni/`, {
        descrizione: "Radio",
        quantita: 3,
        operatore: c.operatore,
        consegnata_il: "2025-09-01",
        restituita_il: "2025-09-05",
        note: "Con batteria di scorta",
      }),
    read: itemOf(parentList),
    row: rowOf("servizi_dotazioni"),
    change: { data: { note: "x" } },
  },
  "PUT /api/pianificazione/contratti/:idContratto/servizi/:idServizio/note-ed-allegati/:idRiga/": {
    async create(c) {
      const S = await servizio(c);
      const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");
      const up = (await c.upload(
        `${S}allegati/`,
        { descrizione: "Piano firmato" },
        { name: "piano.pdf", data: PDF },
      )) as { id: number; file: { id: string } };
      return { url: `${S}note-ed-allegati/${up.id}/`, values: { nota: "Piano firmato", file: up.file.id } };
    },
    read: itemOf(parentList),
    row: rowOf("servizi_allegati"),
    change: { data: { nota: "Piano aggiornato" } },
  },
  "PUT /api/pianificazione/contratti/:id/servizi/:subId/punti-ronda/:riga/": {
    create: async (c) =>
      postChild(c, `${await servizio(c)}punti-ronda/`, {
        nome: "Cancello nord",
        lat: 45.4655,
        lng: 9.1865,
        istruzioni: "Verificare il lucchetto",
        nfc_uid: "04A23B7C112280",
      }),
    read: itemOf(parentList),
    row: rowOf("ronde_punti"),
    change: { data: { istruzioni: "Verificare anche la catena" } },
  },
  "PUT /api/pianificazione/contratti/:id/servizi/:subId/piani-ronda/:riga/": {
    async create(c) {
      const S = await servizio(c);
      const a = (await c.call("POST", `${S}punti-ronda/`, { data: { nome: "A" } }, 201)) as { id: number };
      const b = (await c.call("POST", `${S}punti-ronda/`, { data: { nome: "B" } }, 201)) as { id: number };
      return postChild(c, `${S}piani-ronda/`, {
        nome: "Notte",
        ordinato: true,
        punti: [b.id, a.id],
        ogni_minuti: 120,
        dalle: "22:00",
        alle: "06:00",
        tolleranza_minuti: 20,
        attivo: false,
      });
    },
    read: itemOf(parentList),
    row: rowOf("ronde_piani"),
    change: { data: { tolleranza_minuti: 10 } },
  },
  "PUT /api/pianificazione/profili-regole": {
    async create(c) {
      const values = {
        descrizione: "D.Lgs. 66/2003 (rivisto)",
        riposo_minimo_ore: 12,
        max_ore_7_giorni: 46,
        max_ore_turno: 10,
        fonte: "Fonte rivista",
        posizioni: [c.steward],
      };
      await c.call("PUT", "/api/pianificazione/profili-regole", profiloBody(values), 200);
      return { url: "/api/pianificazione/profili-regole", values };
    },
    async read(c) {
      const list = (await c.call("GET", "/api/pianificazione/profili-regole")) as { results: Values[] };
      return list.results.find((p) => p.codice === PROFILO)!;
    },
    row: (c) => selectRow(c.db, sql`SELECT to_jsonb(r) AS r FROM profili_regole r WHERE r.codice = ${PROFILO}`),
    body: profiloBody,
    change: { data: { fonte: "Circolare 2025" } },
  },
  // Issue 37: the security policy (one row). The superadmin of this suite has no second factor, so
  // the permissions chosen do not cover them.
  "PUT /api/auth/security-settings/": {
    async create(c) {
      const values = {
        mfa_required: true,
        mfa_required_permissions: ["erp_fatture", "erp_compensi"],
        sso_required: false,
        sso_break_glass_username: "capo.emergenza",
      };
      await c.call("PUT", "/api/auth/security-settings/", { data: values }, 200);
      return { url: "/api/auth/security-settings/", values };
    },
    read: (c) => c.call("GET", "/api/auth/security-settings/") as Promise<Values>,
    row: (c) => selectRow(c.db, sql`SELECT to_jsonb(x) AS r FROM auth_settings x`),
    change: { data: { mfa_required_permissions: ["erp_fatture_emetti"] } },
  },
  // A guard's service report, made as the app would (a version 1), relevant or not for the police.
  "PUT /api/comunicazioni/relazioni/:id/": {
    async create(c) {
      const r = (await queryOne<{ id: number }>(
        c.db,
        sql`INSERT INTO relazioni_servizio (operatore_id, client_id, provincia, data_ora, ricevuto_il, rilevante)
            VALUES (${c.operatore}, gen_random_uuid(), 'MI', now(), now(), true) RETURNING id`,
      )) as { id: number };
      await c.db.execute(sql`INSERT INTO relazioni_servizio_versioni (relazione_id, versione, categoria, gravita, accaduto_il,
                               luogo, descrizione, creata_il)
                             VALUES (${r.id}, 1, 'furto', 'attenzione', now(), 'Magazzino', 'Porta forzata', now())`);
      return { url: `/api/comunicazioni/relazioni/${r.id}/`, values: { rilevante: true } };
    },
    read,
    row: rowOf("relazioni_servizio"),
    change: { data: { rilevante: false } },
  },
  "PUT /api/comunicazioni/fogli-notizie/impostazioni/": {
    async create(c) {
      const values = { licenza: "Licenza n. 123/2020, Prefettura di Milano", province: ["MB", "MI"] };
      await c.call("PUT", "/api/comunicazioni/fogli-notizie/impostazioni/", { data: values }, 200);
      return { url: "/api/comunicazioni/fogli-notizie/impostazioni/", values };
    },
    read: (c) => c.call("GET", "/api/comunicazioni/fogli-notizie/impostazioni/") as Promise<Values>,
    row: (c) => selectRow(c.db, sql`SELECT to_jsonb(x) - 'aggiornato_il' AS r FROM fogli_notizie_impostazioni x`),
    change: { data: { licenza: "Licenza n. 456/2026, Prefettura di Monza" } },
  },
  "PUT /api/fatturazione/impostazioni": {
    async create(c) {
      const values = {
        denominazione: "Vigilanza Lombarda S.r.l.",
        partita_iva: withPartitaIvaCheckDigit("0211122233"),
        codice_fiscale: "02111222330",
        regime_fiscale: "RF19",
        indirizzo: "Via dei Guardiani",
        numero_civico: "12",
        cap: "20121",
        comune: "Milano",
        provincia: "MI",
        rea_ufficio: "MI",
        rea_numero: "1234567",
        capitale_sociale: "10000.00",
        socio_unico: "SU",
        iban: "IT60X0542811101000000123456",
        istituto_finanziario: "Banca di Prova",
        giorni_pagamento: 60,
        email: "amministrazione@vigilanza.test",
        telefono: "0212345678",
      };
      await c.call("PUT", "/api/fatturazione/impostazioni", { data: values }, 200);
      return { url: "/api/fatturazione/impostazioni", values };
    },
    read: (c) => c.call("GET", "/api/fatturazione/impostazioni") as Promise<Values>,
    row: (c) => selectRow(c.db, sql`SELECT to_jsonb(x) - 'aggiornato_il' AS r FROM fatturazione_impostazioni x`),
    change: { data: { comune: "Monza" } },
  },
  // The factors by qualification id (0001_core's posizioni: 1 armed guard, 2 guard): a PUT names the
  // qualifications it changes, as profili-regole its profiles.
  "PUT /api/report/costo-lavoro": {
    async create(c) {
      const values = { "1": 1.45, "2": 1.42 };
      await c.call("PUT", "/api/report/costo-lavoro", costoLavoroBody(values), 200);
      return { url: "/api/report/costo-lavoro", values };
    },
    async read(c) {
      const r = (await c.call("GET", "/api/report/costo-lavoro")) as {
        qualifiche: { posizione_id: number; fattore: number | null }[];
      };
      return Object.fromEntries(r.qualifiche.map((q) => [String(q.posizione_id), q.fattore]));
    },
    row: (c) =>
      selectRow(
        c.db,
        sql`SELECT coalesce(jsonb_object_agg(posizione_id, fattore), '{}') AS r FROM report_costo_lavoro`,
      ),
    body: costoLavoroBody,
    change: { data: { "2": 1.5 } },
  },
  "PUT /api/fatturazione/clienti/:id/": {
    async create(c) {
      const id = await createCliente(c.db, "Comune di Prova");
      const values = {
        pubblica_amministrazione: true,
        codice_destinatario: "UFABCD",
        pec: "protocollo@pec.comune.prova.it",
        natura: "N4",
        riferimento_normativo: "Art. 10 DPR 633/72",
      };
      const url = `/api/fatturazione/clienti/${id}/`;
      await c.call("PUT", url, { data: values }, 200);
      return { url, values };
    },
    read: (c, url) => c.call("GET", url) as Promise<Values>,
    row: (c, url) =>
      selectRow(
        c.db,
        sql`SELECT to_jsonb(fc) || jsonb_build_object('codice_sdi', cl.codice_sdi, 'pec', cl.pec) AS r
              FROM clienti cl JOIN fatturazione_clienti fc ON fc.cliente_id = cl.id WHERE cl.id = ${idOf(url)}`,
      ),
    change: { data: { pec: "fatture@pec.comune.prova.it" } },
  },
  "PUT /api/fatturazione/contratti/:id/": {
    async create(c) {
      const contratto = (await c.call("POST", "/api/pianificazione/contratti/", {
        data: { titolo: "Vigilanza municipio", cliente: c.cliente },
      })) as { id: number };
      const values = { cig: "ABCDE12345", cup: "J11B22000000001" };
      const url = `/api/fatturazione/contratti/${contratto.id}/`;
      await c.call("PUT", url, { data: values }, 200);
      return { url, values };
    },
    async read(c, url) {
      const dati = (await c.call("GET", `/api/fatturazione/clienti/${c.cliente}/`)) as {
        contratti: (Values & { id: number })[];
      };
      return dati.contratti.find((k) => k.id === idOf(url))!;
    },
    row: (c, url) =>
      selectRow(
        c.db,
        sql`SELECT to_jsonb(fk) AS r FROM fatturazione_contratti fk WHERE fk.contratto_id = ${idOf(url)}`,
      ),
    change: { data: { cup: "J11B22000000002" } },
  },
  // The preset writes the layout (a custom layout is sent as `tracciato`); the causali by their name.
  "PUT /api/fatturazione/paghe/impostazioni/": {
    async create(c) {
      const values = {
        codice_azienda: "VIG042",
        preset: "teamsystem",
        causali: [
          { causale: "ordinario", codice: "O01" },
          { causale: "straordinario", codice: "S01" },
        ],
      };
      await c.call("PUT", "/api/fatturazione/paghe/impostazioni/", { data: values }, 200);
      return { url: "/api/fatturazione/paghe/impostazioni/", values };
    },
    read: (c) => c.call("GET", "/api/fatturazione/paghe/impostazioni/") as Promise<Values>,
    row: (c) =>
      selectRow(
        c.db,
        sql`SELECT (to_jsonb(x) - 'aggiornato_il') || jsonb_build_object('causali',
                   (SELECT jsonb_object_agg(k.causale, k.codice) FROM paghe_causali k)) AS r
              FROM paghe_impostazioni x`,
      ),
    change: { data: { codice_azienda: "VIG043" } },
  },
};

function costoLavoroBody(values: Values) {
  return { data: { fattori: Object.entries(values).map(([id, fattore]) => ({ posizione_id: Number(id), fattore })) } };
}

const CMS_EVENTO = {
  titolo: "Sagra",
  descrizione: "Sagra del paese",
  indirizzo: "Piazza Roma",
  citta: "Asti",
  prov: "AT",
  data_inizio: "2026-09-10T18:00",
  data_fine: "2026-09-10T23:00",
};
async function inEvento(c: Ctx, url: string, kind: "varchi" | "dispositivi") {
  const e = (await c.call("GET", url.replace(new RegExp(`${kind}/\\d+/$`), ""))) as Record<string, Values[]>;
  const item = e[kind].find((i) => i.id === idOf(url));
  if (!item) throw new Error(`${url} not in the event`);
  return item;
}
function disponibilitaBody(values: Values) {
  return { data: Object.entries(values).map(([g, disponibile]) => ({ giorno: Number(g), disponibile })) };
}
function profiloBody(values: Values) {
  return { data: { profili: [{ codice: PROFILO, ...values }] } };
}
async function sub(c: Ctx, url: string, kind: "sedi" | "contatti") {
  const cliente = (await c.call("GET", url.replace(new RegExp(`${kind}/\\d+/$`), ""))) as Record<string, Values[]>;
  const item = cliente[kind].find((i) => i.id === idOf(url));
  if (!item) throw new Error(`${url} not in the client`);
  return item;
}

const routes = recordRoutes();

describeEachDb("a PUT changes only the fields it names", (ctx) => {
  let c: Ctx;

  beforeAll(async () => {
    const db = ctx().database.db;
    const { token } = await ctx().createUser({ permissions: ["superadmin"] });
    c = {
      db,
      inject: (method, url, payload) =>
        ctx().app.inject({ method, url, headers: auth(token), payload: payload as never }),
      async call(method, url, payload, expect) {
        const res = await c.inject(method, url, payload);
        if (expect !== undefined && res.statusCode !== expect)
          throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
        return res.json();
      },
      async upload(url, fields, file) {
        const body = multipartBody(fields, file);
        const res = await ctx().app.inject({
          method: "POST",
          url,
          headers: { ...auth(token), ...body.headers },
          payload: body.payload,
        });
        if (res.statusCode !== 201) throw new Error(`upload ${url} → ${res.statusCode} ${res.body}`);
        return res.json();
      },
      steward: await posizioneId(db, "Steward"),
      gpg: await posizioneId(db, "Guardia particolare giurata"),
      cliente: await createCliente(db),
      operatore: await createOperatore(db, { cognome: "Ferri", nome: "Luca" }),
    };
  });

  it("knows every update route of the server", () => {
    const updates = apiRoutes(routes)
      .filter((r) => r.method === "PUT" || r.method === "PATCH")
      .map((r) => `${r.method} ${r.url}`);
    expect(updates.length).toBeGreaterThan(20);
    expect(updates.sort()).toEqual(Object.keys(CASES).sort());
  });

  it.each(Object.keys(CASES))(
    "%s",
    async (route) => {
      const k = CASES[route];
      const { url, values } = await k.create(c);
      const body = k.body ?? ((v: Values) => ({ data: v }));
      const put = (data: Values) => c.inject("PUT", url, body(data));
      const answer = withoutUpdatedAt(await k.read(c, url));
      const row = await k.row(c, url);

      // Each field alone, with the value it has: nothing else moves.
      const moved: unknown[] = [];
      for (const [field, value] of Object.entries(values)) {
        const res = await put({ [field]: value });
        if (res.statusCode !== 200) {
          moved.push({ field, status: res.statusCode, body: res.json() });
          continue;
        }
        const nowAnswer = withoutUpdatedAt(await k.read(c, url));
        const nowRow = await k.row(c, url);
        const diff = (a: Values, b: Values) => Object.keys({ ...a, ...b }).filter((x) => !isEqual(a[x], b[x]));
        const changed = { answer: diff(answer, nowAnswer), row: diff(row, nowRow) };
        if (changed.answer.length || changed.row.length) moved.push({ field, changed });
      }
      expect(moved).toEqual([]);

      // One field to a new value: that field changes, nothing else.
      const res = await put(k.change.data);
      expect([res.statusCode, res.json()]).toEqual([200, expect.anything()]);
      expect(withoutUpdatedAt(await k.read(c, url))).toEqual({ ...answer, ...(k.change.answer ?? k.change.data) });
      const after = await k.row(c, url);
      const columns = Object.keys({ ...row, ...after }).filter((x) => !isEqual(row[x], after[x]));
      expect(columns).toEqual(k.change.columns ?? Object.keys(k.change.data));
      // The operator has some fifty fields, three requests each: room for a loaded machine.
    },
    180_000,
  );
});

function isEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
