/**
 * /console/comunicazioni-azienda — the company's messages against the msw backend
 * (mocks/fixtures/console.ts: one message read by one of its two recipients): the list with its
 * counts, a message with its recipients (delivered, read, when), the reminder after a confirmation,
 * a new message to chosen operators with an attachment (one multipart request), a refused send.
 */
import { File as NodeFile } from "node:buffer";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { db } from "../../../../mocks/store";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
const SLOW = { timeout: 15000 };

describe("comunicazioni azienda", () => {
  it("lists the messages and opens one with its recipients: delivered, read and when", async () => {
    const { router } = renderApp("/console/comunicazioni-azienda", { as: "admin" });
    const table = await screen
      .findByRole("grid", { name: "Comunicazioni azienda" }, SLOW)
      .catch(() => screen.findByRole("table", { name: "Comunicazioni azienda" }, SLOW));
    await within(table).findByText("Tutti gli operatori", {}, SLOW);
    fireEvent.click(within(table).getByRole("link", { name: "Nuove divise invernali" }));
    await waitFor(() => expect(router.state.location.search).toBe("?comunicazione=4"));
    expect(await screen.findByRole("heading", { name: "Destinatari: 2, consegnate 2, lette 1" }, SLOW)).toBeTruthy();
    // The recipients are a paged list of their own (GET …/4/destinatari/).
    const grid = await screen.findByRole("grid", { name: "Destinatari" }, SLOW);
    await within(grid).findByText("Anna Ferrari", {}, SLOW);
    const rows = within(grid).getAllByRole("row");
    expect(rows.slice(1).map((r) => r.textContent)).toEqual([
      "Anna FerrariConsegnata09/03/2026 14:05——",
      "Giuseppe RussoLetta09/03/2026 14:0209/03/2026 14:10—",
    ]);
    expect(screen.getByRole("button", { name: "Scarica l'allegato (calendario.pdf)" })).toBeTruthy();
  });

  it("sends a reminder to those who have not read, after a confirmation", async () => {
    const sent: string[] = [];
    server.events.on("request:start", ({ request }) => {
      if (request.method === "POST") sent.push(new URL(request.url).pathname);
    });
    renderApp("/console/comunicazioni-azienda?comunicazione=4", { as: "admin" });
    fireEvent.click(await screen.findByRole("button", { name: "Invia promemoria" }, SLOW));
    const dialog = await screen.findByRole("alertdialog");
    expect(
      within(dialog).getByText("Inviare un promemoria ai 1 operatori che non hanno letto la comunicazione?"),
    ).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Invia" }));
    expect(await screen.findByText("Promemoria inviato a 1 operatori")).toBeTruthy();
    expect(sent).toEqual(["/api/comunicazioni/azienda/4/promemoria/"]);
    expect(await screen.findByText("Ultimo promemoria il 10/03/2026 09:20")).toBeTruthy();
    server.events.removeAllListeners();
  });

  it("sends a new message to chosen operators with an attachment, in one multipart request", async () => {
    const forms: Record<string, unknown>[] = [];
    server.events.on("request:start", async ({ request }) => {
      if (request.method === "POST" && request.url.endsWith("/comunicazioni/azienda/")) {
        const form = await request.clone().formData();
        forms.push(
          Object.fromEntries(
            [...form.entries()].map(([k, v]) => [k, typeof v === "string" ? v : `file:${(v as File).name}`]),
          ),
        );
      }
    });
    const { router } = renderApp("/console/comunicazioni-azienda", { as: "admin" });
    fireEvent.click(await screen.findByRole("button", { name: "Nuova comunicazione" }, SLOW));
    const form = screen.getByRole("form", { name: "Nuova comunicazione" });
    fireEvent.change(within(form).getByRole("textbox", { name: /Oggetto/ }), { target: { value: "Turno di Natale" } });
    fireEvent.change(within(form).getByRole("textbox", { name: /Testo/ }), {
      target: { value: "Confermate la presenza entro venerdì." },
    });
    fireEvent.change(within(form).getByRole("combobox", { name: "Destinatari" }), { target: { value: "operatori" } });
    const search = await within(form).findByRole("textbox", { name: "Cerca operatore" });
    fireEvent.change(search, { target: { value: "Rossi" } });
    const results = await within(form).findByLabelText("Risultati", {}, SLOW);
    fireEvent.click(await within(results).findByRole("button", { name: "Rossi Marco" }, SLOW));
    expect(within(form).getByRole("button", { name: "Rossi Marco ✕" })).toBeTruthy();
    // Node's File: jsdom's is not a Blob to the FormData of the fetch that msw intercepts
    const file = new NodeFile(["%PDF-1.4\n"], "turni.pdf", { type: "application/pdf" });
    fireEvent.change(within(form).getByLabelText("Allegato"), { target: { files: [file] } });
    fireEvent.click(within(form).getByRole("button", { name: "Invia" }));
    expect(await screen.findByText("Comunicazione inviata a 2 operatori", {}, SLOW)).toBeTruthy();
    expect(forms).toEqual([
      {
        oggetto: "Turno di Natale",
        testo: "Confermate la presenza entro venerdì.",
        destinatari: "operatori",
        operatori: expect.stringMatching(/^\d+$/),
        allegato: "file:turni.pdf",
      },
    ]);
    await waitFor(() => expect(router.state.location.search).toBe("?comunicazione=5"));
    expect(await screen.findByRole("heading", { name: "Turno di Natale" }, SLOW)).toBeTruthy();
    server.events.removeAllListeners();
  });

  it("a refused send shows the server's error under the field and keeps what was typed", async () => {
    server.use(
      http.post("*/api/comunicazioni/azienda/", () =>
        HttpResponse.json(
          {
            detail: "Si è verificato un errore di validazione. Controlla i campi contrassegnati e riprova",
            errors: { destinatari: "Nessun operatore tra i destinatari" },
          },
          { status: 400 },
        ),
      ),
    );
    renderApp("/console/comunicazioni-azienda", { as: "admin" });
    fireEvent.click(await screen.findByRole("button", { name: "Nuova comunicazione" }, SLOW));
    const form = screen.getByRole("form", { name: "Nuova comunicazione" });
    fireEvent.change(within(form).getByRole("textbox", { name: /Oggetto/ }), { target: { value: "Avviso" } });
    fireEvent.change(within(form).getByRole("textbox", { name: /Testo/ }), { target: { value: "Testo" } });
    fireEvent.click(within(form).getByRole("button", { name: "Invia" }));
    expect(await screen.findByText("Nessun operatore tra i destinatari", {}, SLOW)).toBeTruthy();
    expect((within(form).getByRole("textbox", { name: /Oggetto/ }) as HTMLInputElement).value).toBe("Avviso");
    expect(db.comunicazioni).toHaveLength(1);
  });
});
