/**
 * msw handlers of the staff users (/api/auth/users/: the generic list through mocks/list-engine.ts,
 * with the permesso filter) and the permission catalogue, like the server's.
 */
import { HttpResponse, http } from "msw";
import type { StaffUser } from "../src/domain/contracts/auth/users";
import { toApiDateTime } from "../src/domain/format";
import { passwordProblem } from "../src/domain/password-policy";
import { CAPABILITIES, PERMISSION_CODES, PERMISSION_GROUPS, PERMISSIONS } from "../src/domain/permissions";
import { authDb, type MockUser, toStaffUser } from "./auth.fixtures";
import { errorResponse, guard, jsonBody, missing, VALIDATION_DETAIL } from "./http";
import { type MockListDef, runMockExport, runMockList } from "./list-engine";

const api = (path: string) => `*/api/auth/${path}`;
const DUPLICATE = "Esiste già un utente con questo nome utente";
const NOT_FOUND = "Utente non trovato";

type UserData = Partial<
  Pick<MockUser, "username" | "email" | "nome" | "cognome" | "permissions" | "attivo" | "password">
>;

function check(data: UserData, current: MockUser | null): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!current || data.username !== undefined) {
    const req = missing(data as Record<string, unknown>, ["username"]);
    if (req) Object.assign(errors, req);
    else if (
      authDb.users.some(
        (u) => u.id !== current?.id && u.username.toLowerCase() === String(data.username).trim().toLowerCase(),
      )
    )
      errors.username = DUPLICATE;
  }
  const unknown = (data.permissions ?? []).filter((p) => !PERMISSION_CODES.has(p));
  if (unknown.length) errors.permissions = `Permessi sconosciuti: ${unknown.join(", ")}`;
  if (!current && !data.password) errors.password = "Questo campo è obbligatorio";
  if (data.password) {
    const problem = passwordProblem(data.password, { ...current, ...data });
    if (problem) errors.password = problem;
  }
  return errors;
}

const LIST_ERROR = "Parametri della lista non validi";
const PERMISSION_LABELS = new Map(PERMISSIONS.map((p) => [p.code, p.label]));

/** A users-list row as the server's list answers it (datetimes as YYYY-MM-DD HH:mm:ss). */
function toListRow(u: MockUser): StaffUser {
  return {
    ...toStaffUser(u),
    last_login: u.last_login ? toApiDateTime(u.last_login) : null,
    created_at: toApiDateTime(u.created_at),
  };
}

/** The list of server/modules/auth/users.list.ts. */
const USERS_LIST: MockListDef<StaffUser> = {
  name: "utenti",
  labels: {
    username: "Nome utente",
    nome: "Nome",
    cognome: "Cognome",
    email: "Email",
    permissions: "Permessi",
    attivo: "Attivo",
    in_attesa: "In attesa di approvazione",
    last_login: "Ultimo accesso",
    created_at: "Creato il",
  },
  global: ["username", "nome", "cognome", "email"],
  sortable: ["username", "nome", "cognome", "email", "attivo", "in_attesa", "last_login", "created_at"],
  filters: { attivo: "eq", in_attesa: "eq" },
  groupable: { attivo: [], in_attesa: [] },
  read: { permissions: (u) => u.permissions.map((p) => PERMISSION_LABELS.get(p) ?? p) },
  defaultOrder: { field: "username", asc: true },
  where: (u, q) => !q.get("permesso") || u.permissions.includes(q.get("permesso") as string),
};

function byId(params: Record<string, unknown>): MockUser | undefined {
  return authDb.users.find((u) => String(u.id) === String(params.id));
}

export const usersHandlers = [
  http.get(api("users/"), ({ request }) => {
    const me = guard(request, CAPABILITIES.utenti);
    if (me instanceof Response) return me;
    const q = new URL(request.url).searchParams;
    const permesso = q.get("permesso");
    const answer =
      permesso && !PERMISSION_CODES.has(permesso)
        ? { status: 400, body: { detail: LIST_ERROR, errors: { permesso: "Permesso sconosciuto" } } }
        : q.has("file_type")
          ? runMockExport(authDb.users.map(toListRow), q, USERS_LIST)
          : runMockList(authDb.users.map(toListRow), q, USERS_LIST);
    if (typeof answer.body === "string") {
      return new HttpResponse(answer.body, { status: answer.status, headers: answer.headers });
    }
    return HttpResponse.json(answer.body as Record<string, unknown>, {
      status: answer.status,
      headers: answer.headers,
    });
  }),

  http.post(api("users/"), async ({ request }) => {
    const me = guard(request, CAPABILITIES.utenti);
    if (me instanceof Response) return me;
    const data = ((await jsonBody<{ data: UserData }>(request)).data ?? {}) as UserData;
    const errors = check(data, null);
    if (Object.keys(errors).length) return errorResponse(400, VALIDATION_DETAIL, errors);
    const user: MockUser = {
      id: authDb.nextId++,
      username: String(data.username).trim(),
      email: (data.email ?? "").trim(),
      nome: (data.nome ?? "").trim(),
      cognome: (data.cognome ?? "").trim(),
      permissions: data.permissions ?? [],
      attivo: data.attivo ?? true,
      in_attesa: false,
      password: String(data.password),
      last_login: null,
      created_at: new Date().toISOString(),
    };
    authDb.users.push(user);
    return HttpResponse.json(toStaffUser(user), { status: 201 });
  }),

  http.get(api("users/:id/"), ({ request, params }) => {
    const me = guard(request, CAPABILITIES.utenti);
    if (me instanceof Response) return me;
    const user = byId(params);
    return user ? HttpResponse.json(toStaffUser(user)) : errorResponse(404, NOT_FOUND);
  }),

  http.put(api("users/:id/"), async ({ request, params }) => {
    const me = guard(request, CAPABILITIES.utenti);
    if (me instanceof Response) return me;
    const user = byId(params);
    if (!user) return errorResponse(404, NOT_FOUND);
    const data = ((await jsonBody<{ data: UserData }>(request)).data ?? {}) as UserData;
    const errors = check(data, user);
    if (me.id === user.id && data.attivo === false) errors.attivo = "Non puoi disattivare il tuo utente";
    if (Object.keys(errors).length) return errorResponse(400, VALIDATION_DETAIL, errors);
    const { password, ...fields } = data;
    Object.assign(user, fields);
    if (user.attivo) user.in_attesa = false; // activating a self-registered account approves it
    if (password) user.password = password;
    if (user.attivo === false) for (const [t, id] of authDb.tokens) if (id === user.id) authDb.tokens.delete(t);
    return HttpResponse.json(toStaffUser(user));
  }),

  http.delete(api("users/:id/"), ({ request, params }) => {
    const me = guard(request, CAPABILITIES.utenti);
    if (me instanceof Response) return me;
    const user = byId(params);
    if (!user) return errorResponse(404, NOT_FOUND);
    if (me.id === user.id) return errorResponse(400, "Non puoi disattivare il tuo utente");
    user.attivo = false;
    user.in_attesa = false;
    for (const [t, id] of authDb.tokens) if (id === user.id) authDb.tokens.delete(t);
    return HttpResponse.json({ result: "OK" });
  }),

  http.get(api("permissions/"), ({ request }) => {
    const me = guard(request, CAPABILITIES.utenti);
    if (me instanceof Response) return me;
    return HttpResponse.json({
      groups: PERMISSION_GROUPS.map((title) => ({
        title,
        permissions: PERMISSIONS.filter((p) => p.group === title).map(({ code, label }) => ({ code, label })),
      })).filter((g) => g.permissions.length > 0),
    });
  }),
];
