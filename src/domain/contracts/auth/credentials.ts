/**
 * The contract of /api/auth/ (SPEC §7 'Authentication'): login, account, logout, registration,
 * password reset and change — bodies with their Italian messages, and answers.
 */
import { z } from "zod";
import { DetailOut, dataBody, Voce } from "../common";

export { DetailOut };

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

export const LoginBody = z.object({
  username: requiredString(200),
  password: passwordString(),
});

/**
 * SPEC §7: {id, email, password, firstName, lastName}. `id` is the username the person chooses
 * (the SPA's register form calls it id); the account is created active with no permissions.
 */
export const RegisterBody = z.object({
  id: usernameString(),
  email: emailString(),
  password: passwordString(),
  firstName: requiredString(100),
  lastName: requiredString(100),
});

/** `username` may also be the account's e-mail address. redirect_url is accepted and ignored. */
export const ResetRequestBody = z.object({
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

export const VerifyCodeBody = z.object({ uid, token: resetToken, code });
export const ResetConfirmBody = z.object({ uid, token: resetToken, code, password: passwordString() });

/** POST /api/auth/change-password/ (wrapped in {data}): the signed-in user's current password and the new one. */
export const ChangePasswordData = z.object({
  current_password: passwordString(),
  new_password: passwordString(),
});
export const ChangePasswordBody = dataBody(ChangePasswordData);

export type LoginBody = z.infer<typeof LoginBody>;
export type RegisterBody = z.infer<typeof RegisterBody>;
export type ResetRequestBody = z.infer<typeof ResetRequestBody>;
/** The reset link's uid and token with the mailed code (uid as the link carries it). */
export type VerifyCodeBody = z.input<typeof VerifyCodeBody>;
export type ResetConfirmBody = z.input<typeof ResetConfirmBody>;
export type ChangePasswordData = z.infer<typeof ChangePasswordData>;

/** SPEC §3 User (account): GET /api/auth/account/, and the `user` of the login answer. */
export const AccountOut = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  nome: z.string(),
  cognome: z.string(),
  permissions: z.array(z.string()),
  settings: z.object({
    posizioni: z.array(Voce),
    valutazioni: z.array(Voce),
    tipi_utente_cms: z.array(z.object({ id: z.string(), titolo: z.string() })),
  }),
});
export type Account = z.infer<typeof AccountOut>;
export type Posizione = Account["settings"]["posizioni"][number];
export type Valutazione = Account["settings"]["valutazioni"][number];
export type TipoUtenteCms = Account["settings"]["tipi_utente_cms"][number];

/** SPEC §3 Login response: the token and the account. */
export const LoginTokenOut = z.object({ token: z.string(), user: AccountOut });
/**
 * Issue 37: when a second factor is due the answer carries no token but a short-lived challenge
 * for POST login/code/ (`mfa: "code"`) or the enrolment the policy demands (`mfa: "enrol"`).
 */
export const LoginChallengeOut = z.object({
  mfa: z.enum(["code", "enrol"]),
  challenge: z.string(),
  detail: z.string(),
});
export const LoginOut = z.union([LoginTokenOut, LoginChallengeOut]);
export type LoginResponse = z.infer<typeof LoginTokenOut>;
export type LoginAnswer = z.infer<typeof LoginOut>;
