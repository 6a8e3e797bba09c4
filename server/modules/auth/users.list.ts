/**
 * Impostazioni → Utenti as a generic list (server/lib/list): GET /api/auth/users/ with page,
 * page_size, global (nome utente, nome, cognome, email), order_field, order_asc, group_by=attivo,
 * the filters attivo and in_attesa (true/false: accounts waiting for approval) and permesso (users holding a permission code), and the same
 * query exported as xlsx/csv/pdf. Results keep the StaffUser shape (permissions as codes; the
 * exports show the Italian labels of the catalogue).
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { UsersList } from "../../../src/domain/contracts/auth/users";
import { PERMISSION_CODES, PERMISSIONS } from "../../../src/domain/permissions";
import { defineList } from "../../lib/list";

/** code → Italian label, bound as ONE jsonb parameter. */
const PERMISSION_LABELS = JSON.stringify(Object.fromEntries(PERMISSIONS.map((p) => [p.code, p.label])));

/** Italian-friendly order (À before b, case-insensitive), as the staff list always had. */
const icu = (column: string) => sql.raw(`u.${column} COLLATE "und-x-icu"`);

const permesso = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v[0] : v).trim())
  .refine((v) => PERMISSION_CODES.has(v), { error: "Permesso sconosciuto" });

export const usersList = defineList(UsersList, {
  from: sql`users u`,
  key: sql`u.id`,
  sql: {
    id: sql`u.id`,
    username: { sql: sql`u.username`, orderBy: icu("username") },
    nome: { sql: sql`u.nome`, orderBy: icu("nome") },
    cognome: { sql: sql`u.cognome`, orderBy: icu("cognome") },
    email: { sql: sql`u.email`, orderBy: icu("email") },
    permissions: sql`ARRAY(SELECT coalesce(${PERMISSION_LABELS}::jsonb ->> x.code, x.code)
                     FROM unnest(u.permissions) WITH ORDINALITY AS x(code, n) ORDER BY x.n)`,
    attivo: sql`u.attivo`,
    in_attesa: sql`u.in_attesa`,
    // Never-seen users last when the most recent logins come first.
    last_login: { sql: sql`u.last_login`, orderBy: sql`coalesce(u.last_login, '-infinity'::timestamptz)` },
    created_at: sql`u.created_at`,
  },
  columns: { permission_codes: sql`u.permissions` },
  filters: {
    // `@>` rather than `= ANY`: the GIN index users_permissions_idx serves it (migration 0105).
    permesso: { schema: permesso, where: (code) => sql`u.permissions @> ARRAY[${code}::text]` },
  },
  map: ({ permission_codes, ...row }) => ({ ...row, permissions: permission_codes ?? [] }),
});
