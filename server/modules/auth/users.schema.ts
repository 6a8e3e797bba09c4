/** Bodies and query of staff-user management (Impostazioni → Utenti), wrapped in {data}. */
import { z } from "zod";
import { passwordString, usernameString } from "./auth.schema";

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

export const userCreateBody = z.object({
  data: z.object({
    ...fields,
    email: optionalEmail().optional(),
    nome: fields.nome.optional(),
    cognome: fields.cognome.optional(),
    permissions: fields.permissions.optional(),
    attivo: fields.attivo.optional(),
    password: passwordString(),
  }),
});

/** PUT: any subset of the fields; `password` (non-empty) sets a new password. */
export const userUpdateBody = z.object({
  data: z.object({ ...fields, password: z.string().max(1000).nullable() }).partial(),
});

export type UserCreateData = z.infer<typeof userCreateBody>["data"];
export type UserUpdateData = z.infer<typeof userUpdateBody>["data"];

export const userIdParams = z.object({
  id: z.coerce.number({ error: "Identificativo non valido" }).int().positive("Identificativo non valido"),
});

export const USER_ORDER_FIELDS = ["username", "cognome", "email", "last_login", "created_at"] as const;

const boolParam = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

export const userListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100, "Al massimo 100 risultati per pagina").default(25),
  global: z.string().max(200).optional(),
  attivo: boolParam.optional(),
  order_field: z.enum(USER_ORDER_FIELDS).optional(),
  order_asc: boolParam.optional(),
});

export type UserListQuery = z.infer<typeof userListQuery>;
