/** Drizzle tables of migration 0300_operatori.sql (keep the two in step). */
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  doublePrecision,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea, posizioni, valutazioni } from "./core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const day = (name: string) => date(name, { mode: "string" });

export const files = pgTable("files", {
  id: uuid("id").primaryKey(),
  ownerType: text("owner_type").notNull(),
  ownerId: text("owner_id").notNull(),
  categoria: text("categoria").notNull(),
  nomeOriginale: text("nome_originale").notNull().default(""),
  mime: text("mime").notNull(),
  dimensione: integer("dimensione").notNull(),
  percorso: text("percorso").notNull(),
  sha256: text("sha256").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  createdBy: integer("created_by"),
  /** The bytes are in file_chunks (migration 0850); false: still in DATA_DIR/files. */
  contenutoDb: boolean("contenuto_db").notNull().default(false),
});

/** A file's bytes in order, FILE_CHUNK_BYTES each (server/lib/files.ts). */
export const fileChunks = pgTable(
  "file_chunks",
  {
    fileId: uuid("file_id").notNull(),
    n: integer("n").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.n] })],
);

export const operatori = pgTable("operatori", {
  id: serial("id").primaryKey(),
  /** Default from the database sequence: OP00001, OP00002… */
  codice: text("codice").notNull().default(sql`('OP' || lpad(nextval('operatori_codice_seq')::text, 5, '0'))`),
  nome: text("nome").notNull(),
  cognome: text("cognome").notNull(),
  sesso: text("sesso").notNull().default("M"),
  codice_fiscale: text("codice_fiscale").notNull().default(""),
  data_nascita: day("data_nascita"),
  luogo_nascita: text("luogo_nascita").notNull().default(""),
  prov_nascita: text("prov_nascita").notNull().default(""),
  cittadinanza: text("cittadinanza").notNull().default(""),
  indirizzo: text("indirizzo").notNull().default(""),
  numero: text("numero").notNull().default(""),
  cap: text("cap").notNull().default(""),
  citta: text("citta").notNull().default(""),
  prov: text("prov").notNull().default(""),
  d_indirizzo: text("d_indirizzo").notNull().default(""),
  d_numero: text("d_numero").notNull().default(""),
  d_cap: text("d_cap").notNull().default(""),
  d_citta: text("d_citta").notNull().default(""),
  d_prov: text("d_prov").notNull().default(""),
  cellulare: text("cellulare").notNull().default(""),
  telefono: text("telefono").notNull().default(""),
  email: text("email").notNull().default(""),
  pec: text("pec").notNull().default(""),
  iban: text("iban").notNull().default(""),
  data_iban: day("data_iban"),
  altezza: integer("altezza"),
  peso: integer("peso"),
  titolo_studio: text("titolo_studio").notNull().default(""),
  referente: text("referente").notNull().default(""),
  area_agenzia: text("area_agenzia").notNull().default(""),
  area_sede: text("area_sede").notNull().default(""),
  attivo: boolean("attivo").notNull().default(true),
  cessato: boolean("cessato").notNull().default(false),
  black_list: boolean("black_list").notNull().default(false),
  data_disattivazione: day("data_disattivazione"),
  data_iscrizione: day("data_iscrizione"),
  ammortizzatori: boolean("ammortizzatori").notNull().default(false),
  amm_note: text("amm_note").notNull().default(""),
  applicazione: boolean("applicazione").notNull().default(false),
  sms: boolean("sms").notNull().default(false),
  cod_pref: text("cod_pref").notNull().default(""),
  cp_rilasciato_da: text("cp_rilasciato_da").notNull().default(""),
  cp_rilasciato_il: day("cp_rilasciato_il"),
  cp_scadenza: day("cp_scadenza"),
  curriculum: uuid("curriculum").references(() => files.id, { onDelete: "set null" }),
  foto_busto: uuid("foto_busto").references(() => files.id, { onDelete: "set null" }),
  foto_intera: uuid("foto_intera").references(() => files.id, { onDelete: "set null" }),
  foto_primo_piano: uuid("foto_primo_piano").references(() => files.id, { onDelete: "set null" }),
  foto_profilo: uuid("foto_profilo").references(() => files.id, { onDelete: "set null" }),
  annotazioni: text("annotazioni").notNull().default(""),
  note: text("note").notNull().default(""),
  rating: integer("rating").references(() => valutazioni.id),
  lat: doublePrecision("lat"),
  lng: doublePrecision("lng"),
  anonimizzato: boolean("anonimizzato").notNull().default(false),
  anonimizzato_il: ts("anonimizzato_il"),
  created_at: ts("created_at").notNull().defaultNow(),
  updated_at: ts("updated_at").notNull().defaultNow(),
});

export const operatoriPosizioni = pgTable(
  "operatori_posizioni",
  {
    operatore_id: integer("operatore_id")
      .notNull()
      .references(() => operatori.id, { onDelete: "cascade" }),
    posizione_id: integer("posizione_id")
      .notNull()
      .references(() => posizioni.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.operatore_id, t.posizione_id] })],
);

const operatoreRef = () =>
  integer("operatore_id")
    .notNull()
    .references(() => operatori.id, { onDelete: "cascade" });

export const operatoriDocumenti = pgTable("operatori_documenti", {
  id: serial("id").primaryKey(),
  operatore_id: operatoreRef(),
  tipo: text("tipo").notNull(),
  numero: text("numero").notNull().default(""),
  rilasciato_da: text("rilasciato_da").notNull().default(""),
  data_rilascio: day("data_rilascio"),
  data_scadenza: day("data_scadenza"),
  file_id: uuid("file_id").references(() => files.id, { onDelete: "set null" }),
  note: text("note").notNull().default(""),
});

export const operatoriCorsi = pgTable("operatori_corsi", {
  id: serial("id").primaryKey(),
  operatore_id: operatoreRef(),
  tipo: text("tipo").notNull(),
  ente: text("ente").notNull().default(""),
  data_conseguimento: day("data_conseguimento"),
  data_scadenza: day("data_scadenza"),
  file_id: uuid("file_id").references(() => files.id, { onDelete: "set null" }),
  note: text("note").notNull().default(""),
});

export const operatoriContratti = pgTable("operatori_contratti", {
  id: serial("id").primaryKey(),
  operatore_id: operatoreRef(),
  tipo: text("tipo").notNull(),
  data_inizio: day("data_inizio").notNull(),
  data_fine: day("data_fine"),
  ore_settimanali: numeric("ore_settimanali", { precision: 5, scale: 2, mode: "number" }),
  note: text("note").notNull().default(""),
});

export const operatoriCompensi = pgTable("operatori_compensi", {
  id: serial("id").primaryKey(),
  operatore_id: operatoreRef(),
  descrizione: text("descrizione").notNull(),
  importo: numeric("importo", { precision: 10, scale: 2, mode: "number" }).notNull(),
  dal: day("dal"),
  al: day("al"),
  note: text("note").notNull().default(""),
});

export const operatoriPratiche = pgTable("operatori_pratiche", {
  id: serial("id").primaryKey(),
  operatore_id: operatoreRef(),
  tipo: text("tipo").notNull(),
  stato: text("stato").notNull().default("aperta"),
  data_apertura: day("data_apertura").notNull(),
  data_chiusura: day("data_chiusura"),
  note: text("note").notNull().default(""),
});

export const operatoriIndisponibilita = pgTable("operatori_indisponibilita", {
  id: serial("id").primaryKey(),
  operatore_id: operatoreRef(),
  dal: ts("dal").notNull(),
  al: ts("al").notNull(),
  motivo: text("motivo").notNull().default(""),
  note: text("note").notNull().default(""),
});

export const operatoriDisponibilita = pgTable(
  "operatori_disponibilita",
  {
    operatore_id: operatoreRef(),
    giorno_settimana: smallint("giorno_settimana").notNull(),
    disponibile: boolean("disponibile").notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.operatore_id, t.giorno_settimana] })],
);
