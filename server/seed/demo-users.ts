/** Demo staff users for the typical roles, with random passwords printed once. */
import { users } from "../db/schema/core";
import { hashPassword, randomPassword } from "../lib/passwords";
import type { SeedContext } from "./demo";

export const DEMO_USERS = [
  {
    username: "pianificatore",
    nome: "Marco",
    cognome: "Ferri",
    permissions: ["erp_dashboard", "erp_contratti", "erp_intermittenti", "erp_operatori", "erp_clienti"],
    ruolo: "pianificatore",
  },
  {
    username: "risorseumane",
    nome: "Giulia",
    cognome: "Santoro",
    permissions: [
      "erp_dashboard",
      "erp_operatori",
      "erp_operatori_anagrafica",
      "erp_operatori_documenti-corsi",
      "erp_operatori_contratti-pratiche",
      "erp_operatori_indisponibilita",
      "erp_operatori_altro",
      "erp_candidati",
      "erp_candidati_candidati",
    ],
    ruolo: "ufficio del personale",
  },
  { username: "controlroom", nome: "Luca", cognome: "Marini", permissions: ["cms_admin"], ruolo: "operatore CMS" },
];

export async function seedDemoUsers(ctx: SeedContext): Promise<void> {
  for (const u of DEMO_USERS) {
    const password = randomPassword();
    await ctx.tx.insert(users).values({
      username: u.username,
      email: `${u.username}@vigilanza.example`,
      nome: u.nome,
      cognome: u.cognome,
      permissions: u.permissions,
      passwordHash: await hashPassword(password, ctx.scryptN),
    });
    ctx.report.push(`Utente demo (${u.ruolo}): ${u.username} / ${password}`);
  }
}
