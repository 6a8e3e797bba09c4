/**
 * msw handlers of /api/auth/ (login, account, logout, change-password, register, password reset) modelling the
 * real server's answers (server/modules/auth). The reset code of the mock is always 123456.
 */
import { HttpResponse, http } from "msw";
import { PASSWORD_CHANGED, REGISTERED, SAME_PASSWORD, WRONG_CURRENT_PASSWORD } from "../src/domain/auth-messages";
import { passwordProblem } from "../src/domain/password-policy";
import { authDb, issueMockToken, toAccount } from "./auth.fixtures";
import { errorResponse, guard, jsonBody, missing, tokenOf, VALIDATION_DETAIL } from "./http";

export const LOGIN_FAILED = "Impossibile accedere con le credenziali fornite";
export const RESET_REQUESTED = "Se l'utente esiste, riceverà un'email con le istruzioni";
export const INVALID_LINK = "Il link di reimpostazione non è valido o è scaduto. Richiedi una nuova email.";
export const WRONG_CODE = "Il codice di verifica non è corretto";
export const MOCK_RESET_CODE = "123456";

const api = (path: string) => `*/api/auth/${path}`;

function findReset(body: { uid?: unknown; token?: unknown }) {
  return authDb.resets.find((r) => String(r.uid) === String(body.uid) && r.token === body.token && !r.used);
}

export const authHandlers = [
  http.post(api("login/"), async ({ request }) => {
    const body = await jsonBody<{ username: string; password: string }>(request);
    const errors = missing(body, ["username", "password"]);
    if (errors) return errorResponse(400, VALIDATION_DETAIL, errors);
    const user = authDb.users.find((u) => u.username.toLowerCase() === String(body.username).trim().toLowerCase());
    if (!user || user.password !== body.password || !user.attivo) return errorResponse(400, LOGIN_FAILED);
    user.last_login = new Date().toISOString();
    return HttpResponse.json({ token: issueMockToken(user.id), user: toAccount(user) });
  }),

  http.get(api("account/"), ({ request }) => {
    const user = guard(request);
    return user instanceof Response ? user : HttpResponse.json(toAccount(user));
  }),

  http.post(api("logout/"), ({ request }) => {
    const user = guard(request);
    if (user instanceof Response) return user;
    authDb.tokens.delete(tokenOf(request) ?? "");
    return HttpResponse.json({ detail: "Disconnessione effettuata" });
  }),

  http.post(api("change-password/"), async ({ request }) => {
    const user = guard(request);
    if (user instanceof Response) return user;
    const body = await jsonBody<{ data: { current_password?: string; new_password?: string } }>(request);
    const data = body.data ?? {};
    const errors = missing(data, ["current_password", "new_password"]);
    if (errors) return errorResponse(400, VALIDATION_DETAIL, errors);
    const next = String(data.new_password);
    const problem = passwordProblem(next, user);
    if (problem) return errorResponse(400, VALIDATION_DETAIL, { new_password: problem });
    if (data.current_password !== user.password) {
      return errorResponse(400, VALIDATION_DETAIL, { current_password: WRONG_CURRENT_PASSWORD });
    }
    if (next === user.password) return errorResponse(400, VALIDATION_DETAIL, { new_password: SAME_PASSWORD });
    user.password = next;
    const current = tokenOf(request);
    for (const [t, id] of authDb.tokens) if (id === user.id && t !== current) authDb.tokens.delete(t);
    return HttpResponse.json({ detail: PASSWORD_CHANGED });
  }),

  http.post(api("register/"), async ({ request }) => {
    const body = await jsonBody<{ id: string; email: string; password: string; firstName: string; lastName: string }>(
      request,
    );
    const errors = missing(body, ["id", "email", "password", "firstName", "lastName"]) ?? {};
    if (!errors.password) {
      const problem = passwordProblem(String(body.password), {
        username: body.id,
        email: body.email,
        nome: body.firstName,
        cognome: body.lastName,
      });
      if (problem) errors.password = problem;
    }
    if (Object.keys(errors).length) return errorResponse(400, VALIDATION_DETAIL, errors);
    // A taken name gets the same answer and creates nothing (the server mails the owner).
    const taken = authDb.users.some((u) => u.username.toLowerCase() === String(body.id).trim().toLowerCase());
    if (!taken) {
      authDb.users.push({
        id: authDb.nextId++,
        username: String(body.id).trim(),
        email: String(body.email).trim(),
        nome: String(body.firstName).trim(),
        cognome: String(body.lastName).trim(),
        permissions: [],
        attivo: false,
        in_attesa: true,
        password: String(body.password),
        last_login: null,
        created_at: new Date().toISOString(),
      });
    }
    return HttpResponse.json({ detail: REGISTERED }, { status: 202 });
  }),

  http.post(api("reset-password/"), async ({ request }) => {
    const body = await jsonBody<{ username: string }>(request);
    const errors = missing(body, ["username"]);
    if (errors) return errorResponse(400, VALIDATION_DETAIL, errors);
    const key = String(body.username).trim().toLowerCase();
    const user = authDb.users.find(
      (u) => u.attivo && (u.username.toLowerCase() === key || u.email.toLowerCase() === key),
    );
    if (user) authDb.resets.push({ uid: user.id, token: `mock-reset-${user.id}`, code: MOCK_RESET_CODE, used: false });
    return HttpResponse.json({ detail: RESET_REQUESTED });
  }),

  http.post(api("reset-password/verify-code/"), async ({ request }) => {
    const body = await jsonBody<{ uid: string; token: string; code: string }>(request);
    const reset = findReset(body);
    if (!reset) return errorResponse(400, INVALID_LINK, { token: INVALID_LINK });
    if (reset.code !== String(body.code ?? "").trim()) return errorResponse(400, WRONG_CODE, { code: WRONG_CODE });
    return HttpResponse.json({ detail: "Codice verificato: scegli la nuova password" });
  }),

  http.post(api("reset-password/confirm/"), async ({ request }) => {
    const body = await jsonBody<{ uid: string; token: string; code: string; password: string }>(request);
    const reset = findReset(body);
    if (!reset) return errorResponse(400, INVALID_LINK, { token: INVALID_LINK });
    if (reset.code !== String(body.code ?? "").trim()) return errorResponse(400, WRONG_CODE, { code: WRONG_CODE });
    const user = authDb.users.find((u) => u.id === reset.uid);
    const problem = passwordProblem(String(body.password ?? ""), user ?? {});
    if (problem || !user) return errorResponse(400, VALIDATION_DETAIL, { password: problem ?? INVALID_LINK });
    user.password = String(body.password);
    reset.used = true;
    for (const [t, id] of authDb.tokens) if (id === user.id) authDb.tokens.delete(t);
    return HttpResponse.json({ detail: "Password aggiornata. Ora puoi accedere con la nuova password." });
  }),
];
