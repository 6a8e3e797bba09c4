/**
 * /console/allarmi — the guards' SOS against the msw backend (mocks/fixtures/console.ts: one taken,
 * one closed silent one without a position): the list in Italian, an alarm opened from its row with
 * its shift, position and handling, and closing it with a note.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { allarmeFixture } from "../../../../mocks/fixtures/console";
import { db } from "../../../../mocks/store";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
const SLOW = { timeout: 5000 };

describe("allarmi", () => {
  it("lists the alarms in Italian; a row opens the alarm with its shift, map link and handling", async () => {
    const { router } = renderApp("/console/allarmi", { as: "admin" });
    expect(await screen.findByRole("heading", { name: "Allarmi" }, SLOW)).toBeTruthy();
    const table = await screen
      .findByRole("grid", { name: "Allarmi" }, SLOW)
      .catch(() => screen.findByRole("table", { name: "Allarmi" }, SLOW));
    await within(table).findByText("Falso allarme: tasto premuto per errore", {}, SLOW);
    expect(within(table).getByText("Preso in carico")).toBeTruthy();
    expect(within(table).getByText("Chiuso")).toBeTruthy();
    expect(within(table).getByText("Posizione non disponibile")).toBeTruthy();
    fireEvent.click(within(table).getByRole("link", { name: "Preso in carico" }));
    await waitFor(() => expect(router.state.location.search).toBe("?allarme=3"));
    expect(await screen.findByRole("heading", { name: "SOS di Giuseppe Russo" }, SLOW)).toBeTruthy();
    expect(screen.getByText(/Turno: Centro Commerciale Le Torri S\.p\.A\. — Vigilanza notturna/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Apri la posizione sulla mappa (±12 m)" }).getAttribute("href")).toContain(
      "mlat=45.4642",
    );
    expect(screen.getByText("Preso in carico da Marco Rossi il 09/03/2026 23:10:40")).toBeTruthy();
  });

  it("takes an open alarm and closes it with a note", async () => {
    db.allarmi.push(allarmeFixture({ id: 9, stato: "aperto", preso_da: null, preso_il: null }));
    const sent: { url: string; body: string }[] = [];
    server.events.on("request:start", async ({ request }) => {
      if (request.method === "POST")
        sent.push({ url: new URL(request.url).pathname, body: await request.clone().text() });
    });
    renderApp("/console/allarmi?allarme=9", { as: "admin" });
    await screen.findByRole("heading", { name: "SOS di Giuseppe Russo" }, SLOW);
    const main = screen.getByRole("main");
    fireEvent.click(within(main).getByRole("button", { name: "Prendi in carico" }));
    expect(await screen.findByText("Preso in carico da Marco Rossi il 10/03/2026 09:00:00", {}, SLOW)).toBeTruthy();
    fireEvent.change(within(screen.getByRole("form", { name: "Chiusura" })).getByLabelText("Note"), {
      target: { value: "Guardia raggiunta" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Chiudi l'allarme" }));
    expect(await screen.findByText("Chiuso da Marco Rossi il 10/03/2026 09:10:00", {}, SLOW)).toBeTruthy();
    expect(sent.map((s) => s.url)).toEqual([
      "/api/comunicazioni/allarmi/9/prendi/",
      "/api/comunicazioni/allarmi/9/chiudi/",
    ]);
    expect(JSON.parse(sent[1].body)).toEqual({ data: { note: "Guardia raggiunta" } });
    server.events.removeAllListeners();
  });
});
