/**
 * 'Operatore su più turni' (issue 15 item 4): the operator, the action and the grid's month are sent;
 * the report says how many shifts were updated and which were skipped, with the server's reason;
 * the call is the assignment machine's, so the grid reloads through it afterwards (issue 31 item 3).
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { setupMockServer } from "../../../helpers/msw";
import { renderApp } from "../../../helpers/render-app";

const server = setupMockServer();
const GRID = "/pianificazione/contratti/1/servizi/1/assegnazione-risorse?dal=2026-03-01&al=2026-03-31";

test("assigns one operator across the month's shifts and reports the skipped ones", async () => {
  const bodies: unknown[] = [];
  let gridReads = 0;
  server.events.on("request:start", ({ request }) => {
    const url = new URL(request.url);
    if (request.method === "GET" && url.pathname === "/api/pianificazione/contratti/1/servizi/1/") gridReads += 1;
  });
  server.use(
    http.get("*/api/anagrafiche/operatori/", () =>
      HttpResponse.json({
        count: 1,
        page: 1,
        results: [{ id: 5, codice: "OP00005", cognome: "Marino", nome: "Davide" }],
      }),
    ),
    http.post("*/api/pianificazione/contratti/1/servizi/1/operatori-periodo/", async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({
        eseguiti: [{ turno_id: 1001, giorno: "2026-03-02", orario: "08:00–14:00", warnings: [] }],
        saltati: [
          {
            turno_id: 1003,
            giorno: "2026-03-03",
            orario: "08:00–14:00",
            detail: "L'operatore non è disponibile di martedì",
            reason: "non_disponibile_giorno",
          },
        ],
      });
    }),
  );
  renderApp(GRID, { as: "pianificatore" });
  fireEvent.click(await screen.findByRole("button", { name: "Operatore su più turni" }, { timeout: 15000 }));
  const dialog = await screen.findByRole("dialog", { name: "Operatore su più turni" });
  fireEvent.change(within(dialog).getByLabelText("Operatore"), { target: { value: "Marino" } });
  fireEvent.click(await within(dialog).findByRole("button", { name: /Marino Davide/ }, { timeout: 15000 }));
  fireEvent.change(within(dialog).getByRole("combobox", { name: /Conferma le assegnazioni/ }), {
    target: { value: "true" },
  });
  const readsBefore = gridReads;
  fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
  const report = await screen.findByRole("status", { name: "Esito su più turni" });
  expect(within(report).getByText("Marino Davide — turni aggiornati 1, saltati 1")).toBeTruthy();
  expect(within(report).getByText("03/03/2026 08:00–14:00: L'operatore non è disponibile di martedì")).toBeTruthy();
  await waitFor(() =>
    expect(bodies).toEqual([
      { data: { operatore: 5, dal: "2026-03-01", al: "2026-03-31", azione: "assegna", conferma: true } },
    ]),
  );
  // the machine's debounced reload (2 s) fetches the service again
  await waitFor(() => expect(gridReads).toBeGreaterThan(readsBefore), { timeout: 6000 });
  server.events.removeAllListeners();
});
