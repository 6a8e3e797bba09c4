/** The signed-in user's account (SPEC §3 User): identity, permissions and the lookup-table settings. */
import { sql } from "drizzle-orm";
import type { Account, Posizione, TipoUtenteCms, Valutazione } from "../../../src/domain/contracts/auth/credentials";
import type { Executor } from "../../db/client";
import { queryOne, queryRows } from "../../db/query";

export interface AccountRow {
  id: number;
  username: string;
  email: string;
  nome: string;
  cognome: string;
  permissions: string[];
}

export async function accountSettings(ex: Executor): Promise<Account["settings"]> {
  const [posizioni, valutazioni, tipi] = await Promise.all([
    queryRows<Posizione>(ex, sql`SELECT id, descrizione FROM posizioni ORDER BY ordine, id`),
    queryRows<Valutazione>(ex, sql`SELECT id, descrizione FROM valutazioni ORDER BY id`),
    queryRows<TipoUtenteCms>(ex, sql`SELECT id, titolo FROM tipi_utente_cms ORDER BY ordine, id`),
  ]);
  return { posizioni, valutazioni, tipi_utente_cms: tipi };
}

export async function toAccount(ex: Executor, u: AccountRow): Promise<Account> {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    nome: u.nome,
    cognome: u.cognome,
    permissions: u.permissions ?? [],
    settings: await accountSettings(ex),
  };
}

/** The account of an existing user id (active or not), or undefined. */
export async function loadAccount(ex: Executor, userId: number): Promise<Account | undefined> {
  const u = await queryOne<AccountRow>(
    ex,
    sql`SELECT id, username, email, nome, cognome, permissions FROM users WHERE id = ${userId}`,
  );
  return u ? toAccount(ex, u) : undefined;
}
