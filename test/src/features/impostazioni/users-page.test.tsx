import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { authDb } from "../../../../mocks/auth.fixtures";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

setupMockServer();
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

async function openUsers() {
  renderApp("/impostazioni/utenti", { as: "admin" });
  await screen.findByText("pianificatore", {}, { timeout: 15_000 });
}

describe("Impostazioni → Utenti", () => {
  it("lists the staff users and filters them with the search box", async () => {
    await openUsers();
    expect(screen.getByText("Giulia Bianchi")).toBeTruthy();
    expect(screen.getByText(/1–6 di 6/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Ricerca"), { target: { value: "esposito" } });
    await waitFor(() => expect(screen.queryByText("pianificatore")).toBeNull());
    expect(screen.getByText("personale")).toBeTruthy();
    expect(screen.getByText(/1–1 di 1/)).toBeTruthy();
  });

  it("creates a user with grouped permissions", async () => {
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
    const created = authDb.users.find((u) => u.username === "lverdi");
    expect(created).toMatchObject({ nome: "Laura", cognome: "Verdi", permissions: ["erp_contratti"], attivo: true });
    expect(await screen.findByText("lverdi")).toBeTruthy();
  });

  it("shows the server's field error under the field", async () => {
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
    expect(authDb.users.filter((u) => u.username === "pianificatore")).toHaveLength(1);
  });

  it("edits a user's name and permissions", async () => {
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
    const u = authDb.users.find((x) => x.username === "personale");
    expect(u?.cognome).toBe("Esposito Russo");
    expect(u?.permissions).toEqual(["erp_operatori", "erp_clienti"]);
    expect(u?.password).toBe(authDb.users[0].password); // unchanged: the password field was left empty
  });

  it("deactivates a user after confirmation", async () => {
    await openUsers();
    fireEvent.click(screen.getByRole("button", { name: "Disattiva personale" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(/Sei sicuro di voler disattivare questo utente/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Disattiva" }));
    expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();
    expect(authDb.users.find((x) => x.username === "personale")?.attivo).toBe(false);
  });
});
