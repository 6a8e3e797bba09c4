/**
 * 'Credenziali app' on the operator's record (issue 12 item 1): HR sets the guard's app name; the
 * generated password is shown once; a name taken by another guard shows the error under the field;
 * the user confirms with their own password (issue 30 item 5); once saved, a QR code opens the field
 * app with the guard's name filled (issue 33).
 */
import { fireEvent, screen, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
const SLOW = { timeout: 15000 };

describe("credenziali app dell'operatore", () => {
  it("sets the name and shows the generated password once; sends the password only when typed", async () => {
    const bodies: unknown[] = [];
    server.events.on("request:start", async ({ request }) => {
      if (request.url.includes("/credenziali-app/")) bodies.push(await request.clone().json());
    });
    renderApp("/anagrafiche/operatori/1/anagrafica", { as: "admin" });
    const form = await screen.findByRole("form", { name: "Credenziali app" }, SLOW);
    fireEvent.change(within(form).getByRole("textbox", { name: /Nome utente app/ }), { target: { value: "g.russo" } });
    fireEvent.change(within(form).getByLabelText(/La tua password/), { target: { value: "La-mia-2026" } });
    fireEvent.click(within(form).getByRole("button", { name: "Imposta credenziali" }));
    expect(await within(form).findByText(/Password generata per g\.russo: Gener4taPassw0rd/)).toBeTruthy();
    expect(bodies).toEqual([{ data: { username: "g.russo", password_utente: "La-mia-2026" } }]);
    server.events.removeAllListeners();
  });

  it("once saved, shows the QR code and the link that open the field app with the name filled", async () => {
    renderApp("/anagrafiche/operatori/1/anagrafica", { as: "admin" });
    const form = await screen.findByRole("form", { name: "Credenziali app" }, SLOW);
    expect(within(form).queryByText("Apri l'app sul telefono della guardia")).toBeNull();
    fireEvent.change(within(form).getByRole("textbox", { name: /Nome utente app/ }), { target: { value: "g.russo" } });
    fireEvent.change(within(form).getByLabelText(/La tua password/), { target: { value: "La-mia-2026" } });
    fireEvent.click(within(form).getByRole("button", { name: "Imposta credenziali" }));
    await within(form).findByText("Apri l'app sul telefono della guardia", {}, SLOW);
    const url = `${location.origin}/app/campo/?utente=g.russo`;
    expect(within(form).getByRole("link", { name: url }).getAttribute("href")).toBe(url);
    const qr = within(form).getByLabelText("Codice QR dell'app per g.russo");
    // The pattern is drawn: an SVG path of the encoded address.
    expect(qr.querySelector("svg path")?.getAttribute("d")?.length).toBeGreaterThan(100);
  });

  it("a refused name shows the server's error under the field", async () => {
    server.use(
      http.post("*/api/comunicazioni/operatori/1/credenziali-app/", () =>
        HttpResponse.json(
          {
            detail: "Si è verificato un errore di validazione. Controlla i campi contrassegnati e riprova",
            errors: { username: "Nome utente già usato da un altro operatore" },
          },
          { status: 400 },
        ),
      ),
    );
    renderApp("/anagrafiche/operatori/1/anagrafica", { as: "admin" });
    const form = await screen.findByRole("form", { name: "Credenziali app" }, SLOW);
    fireEvent.change(within(form).getByRole("textbox", { name: /Nome utente app/ }), { target: { value: "g.russo" } });
    fireEvent.change(within(form).getByLabelText(/La tua password/), { target: { value: "La-mia-2026" } });
    fireEvent.click(within(form).getByRole("button", { name: "Imposta credenziali" }));
    expect(await within(form).findByText("Nome utente già usato da un altro operatore")).toBeTruthy();
  });
});
