/** Drizzle tables of migration 0500_console.sql (keep the two in step). */
import { integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { files, operatori } from "./anagrafiche-operatori";
import { users } from "./core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const TICKET_TIPI = ["problema", "richiesta", "segnalazione"] as const;
export const TICKET_STATI = ["aperto", "in_lavorazione", "chiuso"] as const;
export type TicketTipo = (typeof TICKET_TIPI)[number];
export type TicketStato = (typeof TICKET_STATI)[number];

export const ticketSupporto = pgTable("ticket_supporto", {
  id: serial("id").primaryKey(),
  operatoreId: integer("operatore_id")
    .notNull()
    .references(() => operatori.id, { onDelete: "cascade" }),
  dataOra: ts("data_ora").notNull().defaultNow(),
  tipo: text("tipo").$type<TicketTipo>().notNull(),
  oggetto: text("oggetto").notNull().default(""),
  testo: text("testo").notNull().default(""),
  stato: text("stato").$type<TicketStato>().notNull().default("aperto"),
  lettoIl: ts("letto_il"),
  lettoDa: integer("letto_da").references(() => users.id, { onDelete: "set null" }),
  assegnatoA: integer("assegnato_a").references(() => users.id, { onDelete: "set null" }),
  fotoId: uuid("foto_id").references(() => files.id, { onDelete: "set null" }),
});
