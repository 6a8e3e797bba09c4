/** Drizzle tables of migrations 0310_clienti.sql and 0311_candidati.sql (keep them in step). */
import {
  boolean,
  date,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { posizioni, valutazioni } from "./core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const clienti = pgTable("clienti", {
  id: serial("id").primaryKey(),
  ragioneSociale: text("ragione_sociale").notNull(),
  partitaIva: text("partita_iva").notNull().default(""),
  codiceFiscale: text("codice_fiscale").notNull().default(""),
  codiceSdi: text("codice_sdi").notNull().default(""),
  pec: text("pec").notNull().default(""),
  email: text("email").notNull().default(""),
  telefono: text("telefono").notNull().default(""),
  indirizzo: text("indirizzo").notNull().default(""),
  cap: text("cap").notNull().default(""),
  citta: text("citta").notNull().default(""),
  prov: text("prov").notNull().default(""),
  lat: doublePrecision("lat"),
  lng: doublePrecision("lng"),
  note: text("note").notNull().default(""),
  attivo: boolean("attivo").notNull().default(true),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const clientiSedi = pgTable("clienti_sedi", {
  id: serial("id").primaryKey(),
  clienteId: integer("cliente_id")
    .notNull()
    .references(() => clienti.id, { onDelete: "cascade" }),
  descrizione: text("descrizione").notNull(),
  indirizzo: text("indirizzo").notNull().default(""),
  cap: text("cap").notNull().default(""),
  citta: text("citta").notNull().default(""),
  prov: text("prov").notNull().default(""),
  lat: doublePrecision("lat"),
  lng: doublePrecision("lng"),
  note: text("note").notNull().default(""),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const clientiContatti = pgTable("clienti_contatti", {
  id: serial("id").primaryKey(),
  clienteId: integer("cliente_id")
    .notNull()
    .references(() => clienti.id, { onDelete: "cascade" }),
  nome: text("nome").notNull(),
  ruolo: text("ruolo").notNull().default(""),
  telefono: text("telefono").notNull().default(""),
  email: text("email").notNull().default(""),
  note: text("note").notNull().default(""),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const candidati = pgTable("candidati", {
  id: serial("id").primaryKey(),
  nome: text("nome").notNull(),
  cognome: text("cognome").notNull(),
  sesso: text("sesso").notNull().default("M"),
  dataNascita: date("data_nascita", { mode: "string" }),
  codiceFiscale: text("codice_fiscale").notNull().default(""),
  email: text("email").notNull().default(""),
  cellulare: text("cellulare").notNull().default(""),
  citta: text("citta").notNull().default(""),
  prov: text("prov").notNull().default(""),
  giorniDisponibili: smallint("giorni_disponibili").array().notNull().default([]),
  turniNotturni: boolean("turni_notturni").notNull().default(false),
  trasferte: boolean("trasferte").notNull().default(false),
  stato: text("stato").notNull().default("nuovo"),
  valutazione: integer("valutazione").references(() => valutazioni.id),
  note: text("note").notNull().default(""),
  messaggio: text("messaggio").notNull().default(""),
  cvFileId: uuid("cv_file_id"),
  origine: text("origine").notNull().default("manuale"),
  privacyAccettataIl: ts("privacy_accettata_il"),
  ip: text("ip"),
  operatoreId: integer("operatore_id"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const candidatiPosizioni = pgTable(
  "candidati_posizioni",
  {
    candidatoId: integer("candidato_id")
      .notNull()
      .references(() => candidati.id, { onDelete: "cascade" }),
    posizioneId: integer("posizione_id")
      .notNull()
      .references(() => posizioni.id),
  },
  (t) => [primaryKey({ columns: [t.candidatoId, t.posizioneId] })],
);
