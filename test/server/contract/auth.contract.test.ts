/** The auth mocks (mocks/auth.handlers.ts) answer with the server's schemas (see ./mock-answers.ts). */
import { authHandlers } from "../../../mocks/auth.handlers";
import { MOCK_PASSWORD } from "../../../mocks/fixtures/auth";
import { describeMockAnswers } from "./mock-answers";

const USERS = "/api/auth/users/";

describeMockAnswers("auth", authHandlers, [
  { method: "POST", url: "/api/auth/login/", body: { username: "admin", password: MOCK_PASSWORD } },
  { method: "POST", url: "/api/auth/login/", body: { username: "admin", password: "Sbagliata-1" }, status: 400 },
  { url: "/api/auth/account/", as: 1 },
  { url: "/api/auth/account/", status: 401 },
  { method: "POST", url: "/api/auth/logout/", as: 1 },
  {
    method: "POST",
    url: "/api/auth/change-password/",
    as: 1,
    body: { data: { current_password: MOCK_PASSWORD, new_password: "Cancello-Nord-Chiuso-88" } },
  },
  {
    method: "POST",
    url: "/api/auth/register/",
    body: { id: "carla.bruni", email: "c@example.it", password: "Ronda-Notturna-2031", firstName: "C", lastName: "B" },
  },
  { url: "/api/auth/oidc/" },
  { url: "/api/auth/mfa/", as: 1 },
  { url: "/api/auth/sessions/", as: 1 },
  { url: "/api/auth/users/3/sessions/", as: 1 },
  { url: "/api/auth/security-settings/", as: 1 },
  { url: `${USERS}?page=1&page_size=25` },
  { url: `${USERS}?page=2&page_size=2&order_field=cognome&order_asc=false` },
  { url: `${USERS}?global=vigilanza&attivo=true&in_attesa=false` },
  { url: `${USERS}?group_by=attivo` },
  { url: `${USERS}?group_by=email`, status: 400 },
  { url: `${USERS}?order_field=password_hash`, status: 400 },
  { url: `${USERS}?file_type=csv&show_fields=username,cognome,attivo,permissions` },
  {
    method: "POST",
    url: USERS,
    body: { data: { username: "lverdi", nome: "Laura", permissions: ["erp_contratti"], password: "Turni-2026" } },
  },
  { method: "PUT", url: `${USERS}3/`, body: { data: { cognome: "Esposito Russo", attivo: false } } },
  { method: "DELETE", url: `${USERS}3/` },
]);
