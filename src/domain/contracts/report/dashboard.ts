/**
 * GET /api/report/dashboard/ (superadmin, admin, erp_admin, erp_dashboard): the day at a glance in
 * one request — today's shifts covered / uncovered / with an unconfirmed operator, documents and
 * courses expiring within 30 days (expired included, as the scadenze reports count them), and this
 * month's revenue, pay, service costs and margin (as Marginalità sums them) — the money only for
 * those who may open Marginalità (absent otherwise); the Console's open tickets and anomalies not yet
 * handled, and the CMS's events in progress — each only for those who may open that list (absent
 * otherwise: deny by default). Each figure's list is linked by the screen with the period or day
 * given here, or the filter named beside the figure.
 */
import { z } from "zod";

export const DashboardOut = z.object({
  /** Today in Rome, 'YYYY-MM-DD'. */
  oggi: z.string(),
  turni: z.object({
    totale: z.number(),
    /** Shifts with at least the requested operators. */
    coperti: z.number(),
    /** Shifts with fewer operators than requested. */
    scoperti: z.number(),
    /** Shifts with at least one operator who has not confirmed. */
    non_confermati: z.number(),
  }),
  scadenze: z.object({
    /** The last day counted (today + 30). */
    entro: z.string(),
    /** Only for those who may open scadenze-documenti / scadenze-corsi (absent otherwise). */
    documenti: z.number().optional(),
    corsi: z.number().optional(),
  }),
  mese: z.object({
    dal: z.string(),
    al: z.string(),
    ricavi: z.number().optional(),
    compensi: z.number().optional(),
    costi: z.number().optional(),
    margine: z.number().optional(),
  }),
  /** Support tickets in state 'aperto' (the ticket list filtered on stato=aperto); erp_ticket-supporto. */
  ticket_aperti: z.number().optional(),
  /** Anomalies in state 'aperta' (the anomalie list filtered on stato=aperta); erp_anomalie. */
  anomalie_aperte: z.number().optional(),
  /** CMS events running now (the control room's 'eventi in corso'); the CMS's readers. */
  eventi_in_corso: z.number().optional(),
});
export type Dashboard = z.infer<typeof DashboardOut>;
