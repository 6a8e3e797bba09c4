/**
 * What the hour and money reports share (risorse-assegnate, compensi, ricavi-attivita): one row per
 * assignment of an operator to a shift in the period `dal`–`al` (required, at most 366 days), its
 * hours split by src/domain/hours (seconds) and whether they are worked (check-in/out) or planned.
 */
import { z } from "zod";
import type { ListField } from "../list";

export const FONTI_ORE = ["pianificate", "effettive"] as const;

/** The fields of every assignment row (the contract of each report adds its money). */
export const AssegnazioneRow = z.object({
  id: z.number(),
  giorno: z.string(),
  /** 'YYYY-MM'. */
  mese: z.string(),
  operatore: z.string(),
  cliente: z.string(),
  contratto: z.string(),
  servizio: z.string(),
  qualifica: z.string(),
  /** Which hours `ore` and the split are: 'effettive' (check-in/out) or 'pianificate'. */
  fonte: z.enum(FONTI_ORE),
  /** Seconds planned. */
  ore_pianificate: z.number(),
  /** Seconds worked where check-ins exist, planned otherwise (`fonte`), and their split. */
  ore: z.number(),
  diurne: z.number(),
  notturne: z.number(),
  domenicali: z.number(),
  festive: z.number(),
  operatore_id: z.number(),
  cliente_id: z.number(),
  contratto_id: z.number(),
  servizio_id: z.number(),
});
export type Assegnazione = z.infer<typeof AssegnazioneRow>;

const ore = (label: string) => ({ label, type: "hours", sortable: true, aggregate: "sum" }) as const;
const ref = (label: string) => ({ label, type: "integer", filter: "eq", exportable: false }) as const;

/** The declared fields of an assignment row; each report spreads them into its declareList. */
export const ASSEGNAZIONE_FIELDS = {
  id: { label: "ID", type: "integer", exportable: false },
  giorno: { label: "Giorno", type: "date", sortable: true },
  mese: { label: "Mese", type: "text", sortable: true, groupable: true },
  operatore: { label: "Operatore", type: "text", sortable: true, global: true, groupable: true },
  cliente: { label: "Cliente", type: "text", sortable: true, global: true, groupable: true },
  contratto: { label: "Contratto", type: "text", sortable: true, global: true, groupable: true },
  servizio: { label: "Servizio", type: "text", sortable: true, global: true, groupable: true },
  qualifica: { label: "Qualifica", type: "text", sortable: true, groupable: true },
  fonte: { label: "Fonte delle ore", type: "text", filter: "eq", groupable: true },
  ore_pianificate: ore("Ore pianificate"),
  ore: ore("Ore"),
  diurne: ore("Diurne"),
  notturne: ore("Notturne"),
  domenicali: ore("Domenicali"),
  festive: ore("Festive"),
  operatore_id: ref("ID operatore"),
  cliente_id: ref("ID cliente"),
  contratto_id: ref("ID contratto"),
  servizio_id: ref("ID servizio"),
} as const satisfies Record<string, ListField>;

export const ASSEGNAZIONE_ORDER = [
  { field: "giorno", asc: true },
  { field: "operatore", asc: true },
];
