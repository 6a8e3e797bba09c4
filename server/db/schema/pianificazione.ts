/** Drizzle tables of migration 0400_pianificazione.sql (keep the two in step). */
import {
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const day = (name: string) => date(name, { mode: "string" });
/** A tstzrange as PostgreSQL prints it: '["2025-05-10 06:00:00+00","2025-05-10 14:00:00+00")'. */
const tstzrange = customType<{ data: string }>({ dataType: () => "tstzrange" });

export const contratti = pgTable("contratti", {
  id: serial("id").primaryKey(),
  titolo: text("titolo").notNull(),
  clienteId: integer("cliente_id").notNull(),
  tipoContratto: text("tipo_contratto").default("Giornaliero"),
  numeroContratto: text("numero_contratto"),
  tipoServizio: text("tipo_servizio"),
  sede: text("sede"),
  agente: text("agente"),
  subagente: text("subagente"),
  responsabile: text("responsabile"),
  responsabileZona: text("responsabile_zona"),
  aziendaApp: text("azienda_app"),
  aziendaEse: text("azienda_ese"),
  annotazioni: text("annotazioni"),
  attivo: boolean("attivo").notNull().default(true),
  dataDisattivazione: day("data_disattivazione"),
  allarme: boolean("allarme").notNull().default(false),
  notifica: boolean("notifica").notNull().default(false),
  notificaAllarme: boolean("notifica_allarme"),
  sonoVigile: text("sono_vigile").notNull().default("0"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const contrattiPrezzi = pgTable("contratti_prezzi", {
  id: serial("id").primaryKey(),
  contrattoId: integer("contratto_id").notNull(),
  posizioneId: integer("posizione_id").notNull(),
  prezzoOrario: numeric("prezzo_orario", { precision: 10, scale: 2 }).notNull(),
  maggiorazioneNotturna: numeric("maggiorazione_notturna", { precision: 5, scale: 2 }).notNull().default("0"),
  maggiorazioneFestiva: numeric("maggiorazione_festiva", { precision: 5, scale: 2 }).notNull().default("0"),
  maggiorazioneDomenicale: numeric("maggiorazione_domenicale", { precision: 5, scale: 2 }).notNull().default("0"),
});

export const contrattiCompensi = pgTable("contratti_compensi", {
  id: serial("id").primaryKey(),
  contrattoId: integer("contratto_id").notNull(),
  posizioneId: integer("posizione_id").notNull(),
  compensoOrario: numeric("compenso_orario", { precision: 10, scale: 2 }).notNull(),
});

export const contrattiNonGraditi = pgTable("contratti_non_graditi", {
  id: serial("id").primaryKey(),
  contrattoId: integer("contratto_id").notNull(),
  operatoreId: integer("operatore_id").notNull(),
  motivo: text("motivo").notNull().default(""),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const servizi = pgTable("servizi", {
  id: serial("id").primaryKey(),
  contrattoId: integer("contratto_id").notNull(),
  dal: day("dal").notNull(),
  al: day("al").notNull(),
  descrizione: text("descrizione").notNull().default(""),
  indirizzo: text("indirizzo").notNull().default(""),
  lat: doublePrecision("lat"),
  lng: doublePrecision("lng"),
  note: text("note").notNull().default(""),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const serviziCosti = pgTable("servizi_costi", {
  id: serial("id").primaryKey(),
  servizioId: integer("servizio_id").notNull(),
  tipo: text("tipo").notNull(),
  importo: numeric("importo", { precision: 12, scale: 2 }).notNull(),
  data: day("data").notNull(),
  note: text("note").notNull().default(""),
});

export const serviziDotazioni = pgTable("servizi_dotazioni", {
  id: serial("id").primaryKey(),
  servizioId: integer("servizio_id").notNull(),
  descrizione: text("descrizione").notNull(),
  quantita: integer("quantita").notNull().default(1),
  operatoreId: integer("operatore_id"),
  consegnataIl: day("consegnata_il"),
  restituitaIl: day("restituita_il"),
  note: text("note").notNull().default(""),
});

export const serviziAllegati = pgTable("servizi_allegati", {
  id: serial("id").primaryKey(),
  servizioId: integer("servizio_id").notNull(),
  nota: text("nota").notNull().default(""),
  fileId: uuid("file_id"),
  createdAt: ts("created_at").notNull().defaultNow(),
  createdBy: integer("created_by"),
});

export const giorni = pgTable("giorni", {
  id: serial("id").primaryKey(),
  servizioId: integer("servizio_id").notNull(),
  giorno: day("giorno").notNull(),
});

export const turni = pgTable("turni", {
  id: serial("id").primaryKey(),
  giornoId: integer("giorno_id").notNull(),
  inizioF1: time("inizio_f1").notNull(),
  fineF1: time("fine_f1").notNull(),
  inizioF2: time("inizio_f2"),
  fineF2: time("fine_f2"),
  posizioneId: integer("posizione_id").notNull(),
  operatoriRichiesti: integer("operatori_richiesti").notNull().default(1),
  note: text("note").notNull().default(""),
});

export const turniOperatori = pgTable("turni_operatori", {
  id: serial("id").primaryKey(),
  turnoId: integer("turno_id").notNull(),
  operatoreId: integer("operatore_id").notNull(),
  confermato: boolean("confermato").notNull().default(false),
  assegnatoDa: integer("assegnato_da"),
  assegnatoIl: ts("assegnato_il").notNull().defaultNow(),
  confermatoDa: integer("confermato_da"),
  confermatoIl: ts("confermato_il"),
});

export const turniOperatoriPeriodi = pgTable("turni_operatori_periodi", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  turnoOperatoreId: integer("turno_operatore_id").notNull(),
  turnoId: integer("turno_id").notNull(),
  operatoreId: integer("operatore_id").notNull(),
  periodo: tstzrange("periodo").notNull(),
});

export const intermittentiComunicazioni = pgTable("intermittenti_comunicazioni", {
  turnoOperatoreId: integer("turno_operatore_id").primaryKey(),
  inviataIl: ts("inviata_il").notNull(),
  riferimento: text("riferimento").notNull().default(""),
  registrataDa: integer("registrata_da"),
  registrataIl: ts("registrata_il").notNull().defaultNow(),
});

export const profiliRegole = pgTable("profili_regole", {
  codice: text("codice").primaryKey(),
  descrizione: text("descrizione").notNull(),
  riposoMinimoOre: numeric("riposo_minimo_ore", { precision: 4, scale: 1 }).notNull(),
  maxOre7Giorni: numeric("max_ore_7_giorni", { precision: 5, scale: 1 }).notNull(),
  maxOreTurno: numeric("max_ore_turno", { precision: 4, scale: 1 }).notNull(),
  fonte: text("fonte").notNull().default(""),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const posizioniProfilo = pgTable("posizioni_profilo", {
  posizioneId: integer("posizione_id").primaryKey(),
  profiloCodice: text("profilo_codice").notNull(),
});

export const posizioniRequisiti = pgTable(
  "posizioni_requisiti",
  {
    posizioneId: integer("posizione_id").notNull(),
    tipoDocumento: text("tipo_documento").notNull(),
  },
  (t) => [primaryKey({ columns: [t.posizioneId, t.tipoDocumento] })],
);
