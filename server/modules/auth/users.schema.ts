/** Bodies and query of staff-user management (Impostazioni → Utenti), wrapped in {data}. */
import { z } from "zod";
import { updateSchema } from "../../lib/update-schema";
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
  data: updateSchema({ ...fields, password: z.string().max(1000).nullable() }),
});

export type UserCreateData = z.infer<typeof userCreateBody>["data"];
export type UserUpdateData = z.infer<typeof userUpdateBody>["data"];

export const userIdParams = z.object({
  id: z.coerce.number({ error: "Identificativo non valido" }).int().positive("Identificativo non valido"),
});
