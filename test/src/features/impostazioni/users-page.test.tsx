import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { db } from "../../../../mocks/store";
import type { StaffUser } from "../../../../src/domain/contracts/auth/users";
import { PERMISSIONS } from "../../../../src/domain/permissions";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
jest.setTimeout(60_000);

/** Inputs by name: role queries over the drawer's 33 checkboxes are too slow in jsdom. */
function input(form: HTMLElement, selector: string): HTMLInputElement {
  const el = form.querySelector(selector);
  if (!el) throw new Error(`campo non trovato: ${selector}`);
  return el as HTMLInputElement;
}

function type(form: HTMLElement, name: string, value: string) {
  fireEvent.change(input(form, `input[name="${name}"]`), { target: { value } });
}

/** A self-registered account as POST /api/auth/register/ leaves it: waiting for an administrator. */
function pendingUser(id: number, username: string): StaffUser {
  return {
    id,
    username,
    email: `${username}@example.it`,
    nome: "Nuova",
    cognome: "Richiesta",
    permissions: [],
    attivo: false,
    in_attesa: true,
    last_login: null,
    created_at: "2026-02-01 10:00:00",
  };
}

const PERMISSION_LABEL = Object.fromEntries(PERMISSIONS.map((p) => [p.code, p.label]));

/** Records the writes sent to /api/auth/users/: method, path and body. */
function spyWrites() {
  const seen: { method: string; path: string; body?: unknown }[] = [];
  server.events.on("request:start", async ({ request }) => {
    if (request.method === "GET" || !request.url.includes("/api/auth/users/")) return;
    const body = request.method === "DELETE" ? undefined : await request.clone().json();
    seen.push({ method: request.method, path: new URL(request.url).pathname, ...(body ? { body } : {}) });
  });
  return seen;
}

/** Records the query of every users-list request. */
function spyRequests() {
  const seen: URLSearchParams[] = [];
  server.events.on("request:start", ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === "/api/auth/users/") seen.push(url.searchParams);
  });
  return seen;
}

async function openUsers() {
  renderApp("/impostazioni/utenti", { as: "admin" });
  await screen.findByText("pianificatore", {}, { timeout: 15_000 });
}

describe("Impostazioni → Utenti", () => {
  afterEach(() => server.events.removeAllListeners());

  it("lists the staff users on the shared table and searches them", async () => {
    const seen = spyRequests();
    await openUsers();
    expect(screen.getByText("Giulia")).toBeTruthy();
    expect(screen.getByTitle(`${PERMISSION_LABEL.erp_dashboard}, ${PERMISSION_LABEL.erp_contratti}`)).toBeTruthy();
    expect(screen.getByTestId("range-text").textContent).toBe("1–6 di 6");
    expect(seen[0].get("order_field")).toBe("username");
    fireEvent.change(screen.getByLabelText("Ricerca"), { target: { value: "esposito" } });
    await waitFor(() => expect(screen.getByTestId("range-text").textContent).toBe("1–1 di 1"), { timeout: 5_000 });
    expect(await screen.findByText("personale")).toBeTruthy();
    expect(screen.queryByText("pianificatore")).toBeNull();
    expect(seen.at(-1)?.get("global")).toBe("esposito");
  });

  it("filters by permission and by attivo with the filter bar", async () => {
    // The server's `permesso` filter: the users holding erp_operatori.
    server.use(
      http.get("*/api/auth/users/", ({ request }) =>
        new URL(request.url).searchParams.get("permesso") === "erp_operatori"
          ? HttpResponse.json({ results: [db.users[2]], count: 1, page: 1 })
          : undefined,
      ),
    );
    const seen = spyRequests();
    await openUsers();
    fireEvent.change(screen.getByLabelText("Permesso"), { target: { value: "erp_operatori" } });
    fireEvent.click(screen.getByRole("button", { name: "Applica" }));
    await waitFor(() => expect(screen.getByTestId("range-text").textContent).toBe("1–1 di 1"));
    expect(await screen.findByText("personale")).toBeTruthy();
    expect(seen.at(-1)?.get("permesso")).toBe("erp_operatori");

    fireEvent.change(screen.getByLabelText("Permesso"), { target: { value: "" } });
    const filters = within(screen.getByRole("form", { name: "Filtri della lista" }));
    const toggle = filters.getByRole("checkbox", { name: "Attivo", hidden: true }) as HTMLInputElement;
    fireEvent.click(filters.getByText("Attivo"));
    await waitFor(() => expect(toggle.checked).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "Applica" }));
    await waitFor(() => expect(seen.at(-1)?.get("attivo")).toBe("true"));
    expect(seen.at(-1)?.has("permesso")).toBe(false);
    await waitFor(() => expect(screen.getByTestId("range-text").textContent).toBe("1–5 di 5"));
    await screen.findByText("pianificatore");
    expect(screen.queryByText("disattivato")).toBeNull();
  });

  it("sorts by a header and groups by stato", async () => {
    const seen = spyRequests();
    await openUsers();
    fireEvent.click(screen.getByRole("columnheader", { name: /Cognome/ }));
    await waitFor(() => expect(seen.at(-1)?.get("order_field")).toBe("cognome"));
    fireEvent.click(screen.getByRole("button", { name: "Raggruppa per Stato" }));
    await screen.findByText("Raggruppato per");
    expect(seen.at(-1)?.get("group_by")).toBe("attivo");
    const grid = screen.getByRole("grid", { name: "Gruppi per Stato" });
    expect(within(grid).getByText("Sì")).toBeTruthy();
  });

  it("creates a user with grouped permissions", async () => {
    const writes = spyWrites();
    await openUsers();
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi utente" }));
    const form = await screen.findByRole("form", { name: "Nuovo utente" });
    const f = within(form);
    type(form, "username", "lverdi");
    type(form, "nome", "Laura");
    type(form, "cognome", "Verdi");
    type(form, "email", "l.verdi@vigilanza.test");
    type(form, "password", "Turni-Notte-2026");
    expect(f.getByText("Pianificazione")).toBeTruthy();
    fireEvent.click(input(form, 'input[value="erp_contratti"]'));
    await waitFor(() => expect(input(form, 'input[value="erp_contratti"]').checked).toBe(true));
    fireEvent.click(f.getByText("Salva"));
    expect(await screen.findByText("Utente aggiunto con successo")).toBeTruthy();
    expect(writes).toEqual([
      {
        method: "POST",
        path: "/api/auth/users/",
        body: {
          data: {
            username: "lverdi",
            nome: "Laura",
            cognome: "Verdi",
            email: "l.verdi@vigilanza.test",
            attivo: true,
            permissions: ["erp_contratti"],
            password: "Turni-Notte-2026",
          },
        },
      },
    ]);
    expect(await screen.findByText("lverdi")).toBeTruthy();
  });

  it("shows the server's field error under the field", async () => {
    server.use(
      http.post("*/api/auth/users/", () =>
        HttpResponse.json(
          { detail: "Errore di validazione", errors: { username: "Esiste già un utente con questo nome utente" } },
          { status: 400 },
        ),
      ),
    );
    await openUsers();
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi utente" }));
    const form = await screen.findByRole("form", { name: "Nuovo utente" });
    const f = within(form);
    type(form, "username", "pianificatore");
    type(form, "nome", "Altra");
    type(form, "cognome", "Persona");
    type(form, "email", "altra@vigilanza.test");
    type(form, "password", "Turni-Notte-2026");
    fireEvent.click(f.getByText("Salva"));
    expect(await f.findByText("Esiste già un utente con questo nome utente")).toBeTruthy();
    expect(screen.getByRole("form", { name: "Nuovo utente" })).toBeTruthy();
  });

  it("a click on a user's row opens the same form as its Modifica button (issue 32 item 4)", async () => {
    await openUsers();
    fireEvent.click(screen.getByText("personale"));
    const form = await screen.findByRole("form", { name: "Modifica utente" });
    expect(input(form, 'input[name="cognome"]').value).toBe("Esposito");
  });

  it("edits a user's name and permissions", async () => {
    const writes = spyWrites();
    await openUsers();
    fireEvent.click(screen.getByRole("button", { name: "Modifica personale" }));
    const form = await screen.findByRole("form", { name: "Modifica utente" });
    const f = within(form);
    expect(input(form, 'input[name="cognome"]').value).toBe("Esposito");
    type(form, "cognome", "Esposito Russo");
    fireEvent.click(input(form, 'input[value="erp_clienti"]'));
    await waitFor(() => expect(input(form, 'input[value="erp_clienti"]').checked).toBe(true));
    fireEvent.click(f.getByText("Salva"));
    expect(await screen.findByText("Utente modificato con successo")).toBeTruthy();
    expect(writes).toEqual([{ method: "PUT", path: "/api/auth/users/3/", body: { data: expect.anything() } }]);
    const { data } = writes[0].body as { data: Record<string, unknown> };
    expect(data).toMatchObject({ cognome: "Esposito Russo", permissions: ["erp_operatori", "erp_clienti"] });
    expect(data).not.toHaveProperty("password"); // the password field was left empty
  });

  it("deactivates a user after confirmation", async () => {
    const writes = spyWrites();
    await openUsers();
    fireEvent.click(screen.getByRole("button", { name: "Disattiva personale" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(/Sei sicuro di voler disattivare questo utente/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Disattiva" }));
    expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();
    expect(writes).toEqual([{ method: "DELETE", path: "/api/auth/users/3/" }]);
  });

  it("'Sessioni' shows a user's open sessions with device and address, and ends one (issue 37)", async () => {
    const ended: string[] = [];
    server.use(
      http.delete("*/api/auth/users/:id/sessions/:sid/", ({ request }) => {
        ended.push(new URL(request.url).pathname);
        return HttpResponse.json({ ended: 1 });
      }),
    );
    await openUsers();
    fireEvent.click(screen.getByRole("button", { name: "Sessioni di personale" }));
    const dialog = await screen.findByRole("dialog", { name: "Sessioni attive di personale" });
    const table = await within(dialog).findByRole("table", { name: "Sessioni attive" });
    expect(await within(table).findByText("Chrome su Linux")).toBeTruthy();
    expect(within(table).getByText("127.0.0.1")).toBeTruthy();
    fireEvent.click(within(table).getByRole("button", { name: /Chiudi la sessione Chrome su Linux/ }));
    await waitFor(() => expect(ended).toEqual(["/api/auth/users/3/sessions/30/"]));
  });

  it("shows self-registered accounts as 'In attesa di approvazione', filters them and enables one", async () => {
    db.users.push(pendingUser(7, "richiedente"));
    const seen = spyRequests();
    const writes = spyWrites();
    await openUsers();
    await screen.findByText("richiedente");
    const grid = screen.getByRole("grid", { name: "Utenti" });
    expect(within(grid).getByText("In attesa di approvazione")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Disattiva richiedente" })).toBeNull();

    const filters = within(screen.getByRole("form", { name: "Filtri della lista" }));
    const toggle = filters.getByRole("checkbox", {
      name: "In attesa di approvazione",
      hidden: true,
    }) as HTMLInputElement;
    fireEvent.click(filters.getByText("In attesa di approvazione"));
    await waitFor(() => expect(toggle.checked).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "Applica" }));
    await waitFor(() => expect(seen.at(-1)?.get("in_attesa")).toBe("true"));
    await waitFor(() => expect(screen.getByTestId("range-text").textContent).toBe("1–1 di 1"));

    fireEvent.click(screen.getByRole("button", { name: "Abilita richiedente" }));
    expect(await screen.findByText("Utente abilitato: ora può accedere")).toBeTruthy();
    expect(writes).toEqual([{ method: "PUT", path: "/api/auth/users/7/", body: { data: { attivo: true } } }]);
  });

  it("refuses a pending registration after confirmation", async () => {
    db.users.push(pendingUser(7, "sconosciuto"));
    const writes = spyWrites();
    await openUsers();
    fireEvent.click(await screen.findByRole("button", { name: "Rifiuta sconosciuto" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(/Sei sicuro di voler rifiutare questa registrazione/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Rifiuta" }));
    expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();
    expect(writes).toEqual([{ method: "DELETE", path: "/api/auth/users/7/" }]);
  });
});
