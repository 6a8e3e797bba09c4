/**
 * Automatic staffing (issue 16): POST /api/pianificazione/auto-assegnazione/ asks a proposal for
 * the uncovered places of a period (optionally some services, contracts, one client or region),
 * GET …/{id}/ reads its state, progress and result, POST …/{id}/annulla/ cancels it while it
 * runs, POST …/{id}/accetta/ assigns the chosen cells through the normal assign path.
 */
import { z } from "zod";
import { bool, day, id, REQUIRED } from "./fields";

const MAX_GIORNI = 62;

export const AutoAssegnazioneData = z
  .object({
    dal: day(),
    al: day(),
    servizi: z.array(id()).max(500, "Al massimo 500 servizi").optional(),
    contratti: z.array(id()).max(500, "Al massimo 500 contratti").optional(),
    cliente: id().optional(),
    regione: z.string().trim().min(1, REQUIRED).max(60).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.al < v.dal)
      ctx.addIssue({ code: "custom", path: ["al"], message: "La data di fine non può precedere la data di inizio" });
    else if ((Date.parse(v.al) - Date.parse(v.dal)) / 86_400_000 + 1 > MAX_GIORNI)
      ctx.addIssue({ code: "custom", path: ["al"], message: `Il periodo può coprire al massimo ${MAX_GIORNI} giorni` });
  });
export type AutoAssegnazioneRichiesta = z.infer<typeof AutoAssegnazioneData>;

export const STATI_PROPOSTA = ["in_attesa", "in_corso", "completata", "annullata", "errore"] as const;
export type StatoProposta = (typeof STATI_PROPOSTA)[number];

export const PropostaCreataOut = z.object({ id: z.number(), stato: z.enum(STATI_PROPOSTA) });

/** A shift as the proposal shows it, with the ids of its path (the assign call needs them). */
const TurnoProposta = z.object({
  turno_id: z.number(),
  giorno_id: z.number(),
  servizio_id: z.number(),
  contratto_id: z.number(),
  giorno: z.string(),
  inizio_f1: z.string(),
  fine_f1: z.string(),
  inizio_f2: z.string().nullable(),
  fine_f2: z.string().nullable(),
  posizione: z.string(),
  contratto: z.string(),
  cliente: z.string(),
});

export const CellaProposta = TurnoProposta.extend({
  operatore: z.object({ id: z.number(), cognome: z.string(), nome: z.string() }),
  /** Why this operator (continuity, distance, hours in the week, rating). */
  motivo: z.string(),
  punteggio: z.number(),
});
export type CellaProposta = z.infer<typeof CellaProposta>;

export const PostoScoperto = TurnoProposta.extend({ mancanti: z.number(), motivo: z.string() });
export type PostoScoperto = z.infer<typeof PostoScoperto>;

export const RisultatoProposta = z.object({
  celle: z.array(CellaProposta),
  scoperti: z.array(PostoScoperto),
  totali: z.object({
    /** Operators the shifts of the period ask for. */
    posti: z.number(),
    coperti_prima: z.number(),
    coperti_dopo: z.number(),
  }),
  /** Hours per operator: already planned in the period and proposed. */
  ore_operatori: z.array(
    z.object({
      id: z.number(),
      cognome: z.string(),
      nome: z.string(),
      turni: z.number(),
      ore_proposte: z.number(),
      ore_pianificate: z.number(),
    }),
  ),
  /** How it was computed: the solver's objective, blocks, seconds. */
  calcolo: z.object({
    metodo: z.string(),
    obiettivo: z.number(),
    blocchi: z.number(),
    blocchi_greedy: z.number(),
    secondi: z.number(),
  }),
});
export type RisultatoProposta = z.infer<typeof RisultatoProposta>;

export const PropostaOut = z.object({
  id: z.number(),
  stato: z.enum(STATI_PROPOSTA),
  /** 0..1 */
  avanzamento: z.number(),
  messaggio: z.string(),
  richiesta: z.object({
    dal: z.string(),
    al: z.string(),
    servizi: z.array(z.number()).optional(),
    contratti: z.array(z.number()).optional(),
    cliente: z.number().optional(),
    regione: z.string().optional(),
  }),
  creata_il: z.string(),
  terminata_il: z.string().nullable(),
  risultato: RisultatoProposta.nullable(),
});
export type Proposta = z.infer<typeof PropostaOut>;

export const AccettaData = z.object({
  celle: z
    .array(z.object({ turno: id(), operatore: id() }), { error: "Indica le celle da accettare" })
    .min(1, "Indica almeno una cella da accettare")
    .max(5000, "Al massimo 5000 celle per volta"),
  conferma: bool().optional(),
});
export type AccettaBody = z.infer<typeof AccettaData>;

export const AccettaOut = z.object({
  assegnati: z.array(z.object({ turno: z.number(), operatore: z.number(), warnings: z.array(z.string()) })),
  rifiutati: z.array(
    z.object({ turno: z.number(), operatore: z.number(), detail: z.string(), reason: z.string().nullable() }),
  ),
});
export type AccettaResult = z.infer<typeof AccettaOut>;
