/**
 * The contract of staff-user management (Impostazioni → Utenti, /api/auth/users/ and
 * /api/auth/permissions/): bodies wrapped in {data}, the user, the list's rows, the catalogue.
 */
import { z } from "zod";
import { dataBody } from "../common";
import { declareList } from "../list";
import { updateSchema } from "../update-schema";
import { passwordString, usernameString } from "./credentials";

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const optionalEmail = () =>
  z
    .string()
    .trim()
    .max(254, "Indirizzo email troppo lungo")
    .refine((v) => v === "" || EMAIL_RE.test(v), "Inserisci un indirizzo email valido");

const fields = {
  username: usernameString(),
  email: optionalEmail(),
  nome: z.string().trim().max(100, "Massimo 100 caratteri"),
  cognome: z.string().trim().max(100, "Massimo 100 caratteri"),
  permissions: z.array(z.string().max(100)).max(100),
  attivo: z.boolean(),
};

export const UserCreateData = z.object({
  ...fields,
  email: optionalEmail().optional(),
  nome: fields.nome.optional(),
  cognome: fields.cognome.optional(),
  permissions: fields.permissions.optional(),
  attivo: fields.attivo.optional(),
  password: passwordString(),
});
export const UserCreateBody = dataBody(UserCreateData);

/** PUT: any subset of the fields; `password` (non-empty) sets a new password. */
export const UserUpdateData = updateSchema({ ...fields, password: z.string().max(1000).nullable() });
export const UserUpdateBody = dataBody(UserUpdateData);

export type UserCreateData = z.infer<typeof UserCreateData>;
export type UserUpdateData = z.infer<typeof UserUpdateData>;

export const UserIdParams = z.object({
  id: z.coerce.number({ error: "Identificativo non valido" }).int().positive("Identificativo non valido"),
});

/** A staff user as GET/POST/PUT /api/auth/users/{id}/ answer it (instants in ISO 8601). */
export const StaffUserOut = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  nome: z.string(),
  cognome: z.string(),
  permissions: z.array(z.string()),
  attivo: z.boolean(),
  /** A self-registered account waiting for an administrator to enable it (then attivo is false). */
  in_attesa: z.boolean(),
  last_login: z.string().nullable(),
  created_at: z.string(),
});
export type StaffUser = z.infer<typeof StaffUserOut>;

/** A row of GET /api/auth/users/ (the list engine: instants 'YYYY-MM-DD HH:mm:ss', Europe/Rome). */
export const StaffUserRow = z.object({
  id: z.number(),
  username: z.string(),
  nome: z.string(),
  cognome: z.string(),
  email: z.string(),
  permissions: z.array(z.string()),
  attivo: z.boolean(),
  in_attesa: z.boolean(),
  last_login: z.string().nullable(),
  created_at: z.string(),
});
export type StaffUserRow = z.infer<typeof StaffUserRow>;

/** The list of GET /api/auth/users/ (also: `permesso`, the users holding a permission code). */
export const UsersList = declareList({
  name: "utenti",
  title: "Utenti",
  fields: {
    id: { label: "ID", type: "integer", exportable: false },
    username: { label: "Nome utente", type: "text", sortable: true, global: true },
    nome: { label: "Nome", type: "text", sortable: true, global: true },
    cognome: { label: "Cognome", type: "text", sortable: true, global: true },
    email: { label: "Email", type: "text", sortable: true, global: true },
    /** Codes in JSON, their Italian labels in exports. */
    permissions: { label: "Permessi", type: "lines" },
    attivo: { label: "Attivo", type: "boolean", sortable: true, filter: "eq", groupable: true },
    in_attesa: { label: "In attesa di approvazione", type: "boolean", sortable: true, filter: "eq", groupable: true },
    last_login: { label: "Ultimo accesso", type: "datetime", sortable: true },
    created_at: { label: "Creato il", type: "datetime", sortable: true },
  },
  defaultOrder: [{ field: "username", asc: true }],
});

/** GET /api/auth/permissions/: the catalogue grouped for the user screen's checkboxes. */
export const PermissionCatalogueOut = z.object({
  groups: z.array(
    z.object({ title: z.string(), permissions: z.array(z.object({ code: z.string(), label: z.string() })) }),
  ),
});
export type PermissionCatalogue = z.infer<typeof PermissionCatalogueOut>;
