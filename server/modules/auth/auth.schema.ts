/** Request bodies of the public auth endpoints (SPEC §7 'Authentication'), with Italian messages. */
import { z } from "zod";

export const REQUIRED = "Questo campo è obbligatorio";

/** Usernames: 3–150 letters, digits and . @ + - _ (as the staff are used to). */
export const USERNAME_RE = /^[\p{L}\p{N}.@+_-]{3,150}$/u;
export const USERNAME_MESSAGE = "Il nome utente deve avere da 3 a 150 caratteri: lettere, cifre e i simboli . @ + - _";

export const requiredString = (max = 200) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `Massimo ${max} caratteri`);

/** Passwords are never trimmed; the policy (src/domain/password-policy) runs in the handler. */
export const passwordString = () => z.string({ error: REQUIRED }).min(1, REQUIRED).max(1000, "Password troppo lunga");

export const usernameString = () => requiredString(150).regex(USERNAME_RE, USERNAME_MESSAGE);

export const emailString = () =>
  z
    .string({ error: REQUIRED })
    .trim()
    .max(254, "Indirizzo email troppo lungo")
    .pipe(z.email("Inserisci un indirizzo email valido"));

export const loginBody = z.object({
  username: requiredString(200),
  password: passwordString(),
});

/**
 * SPEC §7: {id, email, password, firstName, lastName}. `id` is the username the person chooses
 * (the SPA's register form calls it id); the account is created active with no permissions.
 */
export const registerBody = z.object({
  id: usernameString(),
  email: emailString(),
  password: passwordString(),
  firstName: requiredString(100),
  lastName: requiredString(100),
});

/** `username` may also be the account's e-mail address. redirect_url is accepted and ignored. */
export const resetRequestBody = z.object({
  username: requiredString(254),
  redirect_url: z.string().max(2000).optional().nullable(),
});

const uid = z.coerce
  .number({ error: "Link di reimpostazione non valido" })
  .int("Link di reimpostazione non valido")
  .positive("Link di reimpostazione non valido");
const resetToken = requiredString(200);
const code = z
  .string({ error: REQUIRED })
  .trim()
  .regex(/^\d{6}$/, "Il codice di verifica è composto da 6 cifre");

export const verifyCodeBody = z.object({ uid, token: resetToken, code });
export const resetConfirmBody = z.object({ uid, token: resetToken, code, password: passwordString() });

/** POST /api/auth/change-password/: the signed-in user's current password and the new one. */
export const changePasswordBody = z.object({
  data: z.object({
    current_password: passwordString(),
    new_password: passwordString(),
  }),
});
