/**
 * /api/auth/: login (a fixture user with MOCK_PASSWORD), the account of the request's token (401
 * without one), logout, the happy answers of change-password and register, and the staff users
 * (list from UsersList, CRUD). A refused password, a taken username… are set by the test.
 */
import { HttpResponse, http } from "msw";
import { PASSWORD_CHANGED, REGISTERED } from "../src/domain/auth-messages";
import { AccountOut } from "../src/domain/contracts/auth/credentials";
import { UsersList } from "../src/domain/contracts/auth/users";
import { MFA_DEFAULT_PERMISSIONS } from "../src/domain/mfa";
import { crud } from "./crud";
import { MOCK_PASSWORD, SETTINGS } from "./fixtures/auth";
import { api, dataOf, issueMockToken, refuse, signedInUser, tokenOf } from "./http";
import { listHandler } from "./list";
import { db } from "./store";

/** The account of a staff user: the contract's fields of the user, and the settings. */
const account = (user: (typeof db.users)[number]) => AccountOut.parse({ ...user, settings: SETTINGS });

/** One open session as GET sessions/ answers it. */
const mockSession = (id: number, current: boolean) => ({
  id,
  user_agent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/141.0",
  ip: "127.0.0.1",
  created_at: "2026-03-02T08:00:00.000Z",
  last_used_at: "2026-03-02T09:00:00.000Z",
  current,
});

const unauthorized = () => refuse(401, "Credenziali di autenticazione non fornite o non valide");

export const authHandlers = [
  http.post(api("auth/login/"), async ({ request }) => {
    const { username, password } = await dataOf(request);
    const user = db.users.find((u) => u.username === username && u.attivo);
    if (!user || password !== MOCK_PASSWORD) return refuse(400, "Impossibile accedere con le credenziali fornite");
    return HttpResponse.json({ token: issueMockToken(user.id), user: account(user) });
  }),
  http.get(api("auth/account/"), ({ request }) => {
    const user = signedInUser(request);
    return user ? HttpResponse.json(account(user)) : unauthorized();
  }),
  http.post(api("auth/logout/"), ({ request }) => {
    db.tokens.delete(tokenOf(request));
    return HttpResponse.json({ detail: "Disconnessione effettuata" });
  }),
  http.post(api("auth/change-password/"), () => HttpResponse.json({ detail: PASSWORD_CHANGED })),
  // Issue 37: no single sign-on in the mocks; the second factor off; this session only.
  http.get(api("auth/oidc/"), () => HttpResponse.json({ enabled: false, label: "" })),
  http.get(api("auth/mfa/"), ({ request }) =>
    signedInUser(request)
      ? HttpResponse.json({ enabled: false, confirmed_at: null, recovery_codes_left: 0, required: false })
      : unauthorized(),
  ),
  http.get(api("auth/sessions/"), ({ request }) =>
    signedInUser(request) ? HttpResponse.json({ results: [mockSession(1, true)] }) : unauthorized(),
  ),
  http.get(api("auth/security-settings/"), ({ request }) =>
    signedInUser(request)
      ? HttpResponse.json({
          mfa_required: false,
          mfa_required_permissions: [...MFA_DEFAULT_PERMISSIONS],
          sso_required: false,
          sso_break_glass_username: "",
          sso_available: false,
        })
      : unauthorized(),
  ),
  http.get(api("auth/users/:id/sessions/"), ({ request, params }) =>
    signedInUser(request)
      ? HttpResponse.json({ results: [mockSession(Number(params.id) * 10, false)] })
      : unauthorized(),
  ),
  http.post(api("auth/register/"), () => HttpResponse.json({ detail: REGISTERED }, { status: 202 })),
  listHandler("auth/users/", UsersList, () => db.users),
  ...crud("auth/users", {
    rows: () => db.users,
    list: "none",
    template: () => db.users[4],
  }),
];
