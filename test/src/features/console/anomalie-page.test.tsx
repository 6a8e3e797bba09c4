/**
 * /console/anomalie — the anomalies the server detected, against the msw backend
 * (mocks/fixtures/console.ts: one new late arrival, one closed distance): the list (new first, kind
 * and state in Italian), an anomaly opened from the header's 'Problemi' popup (marked read: it leaves
 * the popup and the alert), state and notes saved, a refused save.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { db } from "../../../../mocks/store";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
const SLOW = { timeout: 15000 };

describe("anomalie", () => {
  it("lists the anomalies, new first, in Italian; a row opens the anomaly", async () => {
    const { router } = renderApp("/console/anomalie", { as: "admin" });
    const table = await screen
      .findByRole("grid", { name: "Anomalie" }, SLOW)
      .catch(() => screen.findByRole("table", { name: "Anomalie" }, SLOW));
    await within(table).findByText("Ingresso 27 minuti dopo l'inizio", {}, SLOW);
    expect(
      within(table)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["Ingresso in ritardo", "Ingresso lontano dal servizio"]);
    expect(within(table).getAllByText("Nuova")).toHaveLength(1);
    expect(within(table).getByText("Chiusa")).toBeTruthy();
    expect(within(table).getByText("Parcheggio lontano, confermato dal responsabile")).toBeTruthy();
    fireEvent.click(within(table).getByRole("link", { name: "Ingresso lontano dal servizio" }));
    await waitFor(() => expect(router.state.location.search).toBe("?anomalia=8"));
    expect(await screen.findByRole("heading", { name: "Ingresso lontano dal servizio" }, SLOW)).toBeTruthy();
    expect(screen.getByText("Gestita da Marco Rossi il 08/03/2026 09:00")).toBeTruthy();
  });

  it("an anomaly opened from the 'Problemi' popup shows its shift and check-ins, is marked read and leaves the alert", async () => {
    const sent: string[] = [];
    server.events.on("request:start", ({ request }) => {
      if (request.method !== "GET") sent.push(`${request.method} ${new URL(request.url).pathname}`);
    });
    renderApp("/", { as: "admin" });
    const alert = await screen.findByText("Attenzione. Ci sono 3 notifiche non lette", {}, SLOW);
    fireEvent.click(alert.closest("button") as HTMLElement);
    const popup = await screen.findByRole("dialog", { name: "Problemi" });
    fireEvent.click(within(popup).getByRole("link", { name: /Anomalia: Ingresso in ritardo/ }));

    expect(await screen.findByRole("heading", { name: "Ingresso in ritardo" }, SLOW)).toBeTruthy();
    expect(screen.getByText("Anna Ferrari — Ingresso 27 minuti dopo l'inizio")).toBeTruthy();
    expect(screen.getByText("Banca Popolare S.p.A. — Portierato sede")).toBeTruthy();
    expect(screen.getByText("09/03/2026, 08:00–16:00")).toBeTruthy();
    const checks = screen.getByRole("table", { name: "Timbrature" });
    expect(within(checks).getByText("09/03/2026 08:27")).toBeTruthy();
    await waitFor(() => expect(sent).toContain("POST /api/comunicazioni/anomalie/7/letto/"));
    expect(await screen.findByText("Attenzione. Ci sono 2 notifiche non lette", {}, SLOW)).toBeTruthy();
    server.events.removeAllListeners();
  });

  it("takes the anomaly in hand: state and notes, only what changed", async () => {
    const bodies: unknown[] = [];
    server.events.on("request:start", async ({ request }) => {
      if (request.method === "PUT") bodies.push(await request.clone().json());
    });
    renderApp("/console/anomalie?anomalia=7", { as: "admin" });
    const form = await screen.findByRole("form", { name: "Gestione" }, SLOW);
    fireEvent.change(within(form).getByRole("combobox", { name: "Stato" }), { target: { value: "in_gestione" } });
    fireEvent.change(within(form).getByRole("textbox", { name: "Note" }), {
      target: { value: "Chiamata la guardia: traffico in tangenziale" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();
    expect(bodies).toEqual([{ data: { stato: "in_gestione", note: "Chiamata la guardia: traffico in tangenziale" } }]);
    expect(await screen.findByText("Gestita da Marco Rossi il 10/03/2026 09:10")).toBeTruthy();
    server.events.removeAllListeners();
  });

  it("a refused save shows the error under the field", async () => {
    server.use(
      http.put("*/api/comunicazioni/anomalie/7/", () =>
        HttpResponse.json(
          {
            detail: "Si è verificato un errore di validazione. Controlla i campi contrassegnati e riprova",
            errors: { note: "Al massimo 5000 caratteri" },
          },
          { status: 400 },
        ),
      ),
    );
    renderApp("/console/anomalie?anomalia=7", { as: "admin" });
    const form = await screen.findByRole("form", { name: "Gestione" }, SLOW);
    fireEvent.change(within(form).getByRole("textbox", { name: "Note" }), { target: { value: "x" } });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText("Al massimo 5000 caratteri")).toBeTruthy();
    expect(db.anomalie[0].note).toBe("");
  });
});
