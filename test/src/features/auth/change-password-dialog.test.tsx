import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { MOCK_PASSWORD } from "../../../../mocks/fixtures/auth";
import { tokenStorage } from "../../../../src/api/token-storage";
import { PASSWORD_CHANGED, WRONG_CURRENT_PASSWORD } from "../../../../src/domain/auth-messages";
import { PASSWORD_POLICY_TEXT } from "../../../../src/domain/password-policy";
import { chooseMenuItem } from "../../helpers/menu";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
jest.setTimeout(30_000);

async function openDialog() {
  renderApp("/", { as: "admin" });
  await screen.findByText("Benvenuto, Marco Rossi");
  await chooseMenuItem(screen.getByRole("button", { name: "Profilo di Marco Rossi" }), "Cambia password");
  return within(await screen.findByRole("form", { name: "Cambia password" }));
}

function fill(form: ReturnType<typeof within>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(form.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
  }
}

const submit = (form: ReturnType<typeof within>) =>
  fireEvent.click(form.getByRole("button", { name: "Cambia password" }));

describe("profile menu → Cambia password", () => {
  it("the profile menu reads 'Cambia password', Sicurezza dell'account, 'Scarica traccia' and 'Logout'", async () => {
    renderApp("/", { as: "admin" });
    await screen.findByText("Benvenuto, Marco Rossi");
    const trigger = screen.getByRole("button", { name: "Profilo di Marco Rossi" });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: "ArrowDown" });
    const items = await screen.findAllByRole("menuitem");
    expect(items.map((i) => i.textContent)).toEqual([
      "Cambia password",
      "Sicurezza dell'account",
      "Scarica traccia",
      "Logout",
    ]);
  });

  it("offers 'Scarica traccia' only to QA (erp_qa_tracce) and administrators, not to every clerk", async () => {
    renderApp("/", { as: "pianificatore" });
    await screen.findByText("Benvenuto, Giulia Bianchi");
    const trigger = screen.getByRole("button", { name: "Profilo di Giulia Bianchi" });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: "ArrowDown" });
    const items = await screen.findAllByRole("menuitem");
    expect(items.map((i) => i.textContent)).toEqual(["Cambia password", "Sicurezza dell'account", "Logout"]);
  });

  it("shows the password policy under the new password and checks the fields in Italian", async () => {
    const form = await openDialog();
    expect(form.getByText(PASSWORD_POLICY_TEXT)).toBeTruthy();
    submit(form);
    expect(await form.findAllByText("Questo campo è obbligatorio")).toHaveLength(3);
    fill(form, { "Password attuale": MOCK_PASSWORD, "Nuova password": "12345678", "Conferma nuova password": "x" });
    submit(form);
    expect(await form.findByText("La password non può essere composta solo da numeri")).toBeTruthy();
    expect(form.getByText("Le password non coincidono")).toBeTruthy();
    fill(form, { "Nuova password": "marco.rossi.2026", "Conferma nuova password": "marco.rossi.2026" });
    submit(form);
    expect(await form.findByText("La password è troppo simile al nome utente o ai dati personali")).toBeTruthy();
  });

  it("shows the server's refusal of a wrong current password under its field", async () => {
    server.use(
      http.post("*/api/auth/change-password/", () =>
        HttpResponse.json(
          { detail: "Errore di validazione", errors: { current_password: WRONG_CURRENT_PASSWORD } },
          { status: 400 },
        ),
      ),
    );
    const form = await openDialog();
    fill(form, {
      "Password attuale": "Non-E-Questa-9",
      "Nuova password": "Cancello-Nord-Chiuso-88",
      "Conferma nuova password": "Cancello-Nord-Chiuso-88",
    });
    submit(form);
    expect(await form.findByText(WRONG_CURRENT_PASSWORD)).toBeTruthy();
    expect(screen.getByRole("form", { name: "Cambia password" })).toBeTruthy();
  });

  // The server ends the user's other sessions (test/server/auth/change-password.test.ts).
  it("changes the password: sends both, a toast, the dialog closes and this session stays", async () => {
    const sent: unknown[] = [];
    server.events.on("request:start", async ({ request }) => {
      if (request.url.endsWith("/api/auth/change-password/")) sent.push(await request.clone().json());
    });
    const form = await openDialog();
    const token = tokenStorage.get();
    fill(form, {
      "Password attuale": MOCK_PASSWORD,
      "Nuova password": "Cancello-Nord-Chiuso-88",
      "Conferma nuova password": "Cancello-Nord-Chiuso-88",
    });
    submit(form);
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("form", { name: "Cambia password" })).toBeNull());
    expect(sent).toEqual([{ data: { current_password: MOCK_PASSWORD, new_password: "Cancello-Nord-Chiuso-88" } }]);
    expect(tokenStorage.get()).toBe(token);
    expect(screen.getByText("Benvenuto, Marco Rossi")).toBeTruthy();
    server.events.removeAllListeners();
  });
});
