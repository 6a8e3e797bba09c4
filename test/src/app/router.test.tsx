import { screen, waitFor, within } from "@testing-library/react";
import { tokenStorage } from "../../../src/api/token-storage";
import { ROUTES } from "../../../src/app/routes";
import { chooseMenuItem } from "../helpers/menu";
import { setupMockServer } from "../helpers/msw";
import { renderApp } from "../helpers/render-app";

const server = setupMockServer();

function menuEntries(): string[] {
  const nav = screen.getAllByRole("navigation", { name: "Menu principale" })[0];
  return within(nav)
    .getAllByRole("link")
    .map((a) => (a.textContent ?? "").replace(/\d+$/, "")); // without the 'Ticket supporto' unread chip
}

describe("root route (SPEC §2)", () => {
  it("shows the dashboard to erp_dashboard users", async () => {
    renderApp("/", { as: "pianificatore" });
    expect(await screen.findByText("Benvenuto, Giulia Bianchi")).toBeTruthy();
  });

  it("sends a CMS-only user to the control room", async () => {
    const { router } = renderApp("/", { as: "cms" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/cms/control-room/eventi-in-corso/"));
    expect(await screen.findByRole("heading", { name: "Control Room" })).toBeTruthy();
  });

  it("shows 'Not Found' to a user without permissions", async () => {
    renderApp("/", { as: "nuovo" });
    expect(await screen.findByRole("heading", { name: "Not Found" })).toBeTruthy();
    expect(screen.queryByText(/Benvenuto/)).toBeNull();
  });
});

describe("side menu", () => {
  it("shows exactly the allowed entries to a planner", async () => {
    renderApp("/", { as: "pianificatore" });
    await screen.findByText("Benvenuto, Giulia Bianchi");
    // Report → Ronde: the planners see the rounds of their tours (issue 34).
    expect(menuEntries()).toEqual(["Dashboard", "Contratti", "Deroghe", "Registro turni", "Storico turni", "Ronde"]);
  });

  it("shows every group to a superadmin", async () => {
    renderApp("/", { as: "admin" });
    await screen.findByText("Benvenuto, Marco Rossi");
    const entries = menuEntries();
    expect(entries).toEqual([
      "Dashboard",
      "Contratti",
      "Deroghe",
      "Registro turni",
      "Storico turni",
      "Profili regole",
      "Intermittenti",
      "Operatori",
      "Clienti",
      "Candidati",
      "Risorse assegnate",
      "Compensi",
      "Ricavi attività",
      "Marginalità",
      "Scadenze corsi",
      "Scadenze documenti",
      "Pratiche",
      "Ronde",
      "Consuntivo ore",
      "Fatture",
      "Presenze per le paghe",
      "Ticket supporto",
      "Attività",
      "Anomalie",
      "Allarmi",
      "Relazioni di servizio",
      "Foglio notizie",
      "Comunicazioni azienda",
      "Logs",
      "Control Room",
      "Eventi",
      "Utenti",
      "Utenti",
      "Sicurezza",
      "Costo del lavoro",
      "Dati di fatturazione",
      "Paghe: tracciato e causali",
    ]);
  });

  it("shows the 'Crowd Management System' group on the superadmin's dashboard (issue 14 item 5)", async () => {
    renderApp("/", { as: "admin" });
    expect(await screen.findByRole("heading", { name: "Crowd Management System" })).toBeTruthy();
  });

  it("shows only the CMS entries to a cms_admin", async () => {
    renderApp("/cms/eventi", { as: "cms" });
    await screen.findByRole("heading", { name: "Eventi" });
    expect(menuEntries()).toEqual(["Control Room", "Eventi", "Utenti"]);
  });
});

describe("guards and errors", () => {
  it("a route the user may not open shows the permission error", async () => {
    renderApp("/impostazioni/utenti", { as: "pianificatore" });
    expect(await screen.findByText("Non disponi di permessi sufficienti per questa sezione")).toBeTruthy();
  });

  it("every route has its page: nothing shows 'In arrivo' any more", async () => {
    expect(ROUTES.filter((r) => !r.page).map((r) => r.path)).toEqual([]);
    renderApp("/cms/utenti", { as: "cms" });
    expect(await screen.findByRole("heading", { name: "Utenti CMS" })).toBeTruthy();
    expect(screen.queryByText("In arrivo")).toBeNull();
  });

  it("unknown paths show 'Not found'", async () => {
    renderApp("/non-esiste/davvero", { as: "admin" });
    expect(await screen.findByRole("heading", { name: "Not found" })).toBeTruthy();
  });

  it("an unknown path shows 'Not found' to a visitor who is not logged in too, while a known page still asks to log in", async () => {
    const { router } = renderApp("/non-esiste/davvero");
    expect(await screen.findByRole("heading", { name: "Not found" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/non-esiste/davvero");
    expect(screen.queryByRole("heading", { name: "Accedi" })).toBeNull();
  });

  it("an invalid stored token is removed and the visitor lands on login", async () => {
    tokenStorage.set("token-non-valido");
    const { router } = renderApp("/impostazioni/utenti");
    expect(await screen.findByRole("heading", { name: "Accedi" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
    expect(tokenStorage.get()).toBeNull();
  });

  it("logout from the profile menu revokes the token on the server, clears it and goes to /login", async () => {
    const logouts: (string | null)[] = [];
    server.events.on("request:start", ({ request }) => {
      if (new URL(request.url).pathname === "/api/auth/logout/") logouts.push(request.headers.get("Authorization"));
    });
    const { router } = renderApp("/", { as: "admin" });
    await screen.findByText("Benvenuto, Marco Rossi");
    const token = tokenStorage.get();
    await chooseMenuItem(screen.getByRole("button", { name: "Profilo di Marco Rossi" }), "Logout");
    expect(await screen.findByRole("heading", { name: "Accedi" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
    expect(tokenStorage.get()).toBeNull();
    expect(logouts).toEqual([`Token ${token}`]); // the server revokes it (test/server/auth/session.test.ts)
    server.events.removeAllListeners();
  });

  it("the header shows the quick icons and the footer the copyright", async () => {
    renderApp("/", { as: "admin" });
    await screen.findByText("Benvenuto, Marco Rossi");
    for (const label of ["Operatori", "Nuovo operatore", "Contratti", "Nuovo contratto"]) {
      expect(screen.getByRole("button", { name: label })).toBeTruthy();
    }
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} Vigilanza ERP`))).toBeTruthy();
  });
});
