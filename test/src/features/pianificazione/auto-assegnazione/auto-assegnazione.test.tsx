/**
 * 'Assegna automaticamente' as a planner uses it: on a service's grid (the period, the proposal
 * with its reasons and totals, the proposed cells marked in the grid, a cell left out, accept,
 * the outcome and the grid reloaded), cancelling a running proposal, a refused cell's reason, and
 * on the contracts list (week, region). Business outcomes are set per test (mocks answer the happy path).
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { db } from "../../../../../mocks/store";
import { setupMockServer } from "../../../helpers/msw";
import { renderApp } from "../../../helpers/render-app";

const server = setupMockServer();
const GRID = "/pianificazione/contratti/1/servizi/1/assegnazione-risorse?dal=2026-03-01&al=2026-03-31";
const AUTO = "/api/pianificazione/auto-assegnazione/";

function recordCalls() {
  const calls: { path: string; body: unknown }[] = [];
  server.events.on("request:start", async ({ request }) => {
    if (request.method !== "POST" || !new URL(request.url).pathname.startsWith(AUTO)) return;
    calls.push({ path: new URL(request.url).pathname, body: await request.clone().json() });
  });
  return calls;
}

async function openAndCompute() {
  fireEvent.click(await screen.findByRole("button", { name: "Assegna automaticamente" }, { timeout: 15000 }));
  const form = screen.getByRole("group", { name: "Assegnazione automatica" });
  expect((within(form).getByLabelText("Dal") as HTMLInputElement).value).toBe("01/03/2026");
  const al = within(form).getByLabelText("Al");
  fireEvent.change(al, { target: { value: "08/03/2026" } });
  fireEvent.blur(al);
  fireEvent.click(within(form).getByRole("button", { name: "Calcola proposta" }));
}

describe("automatic staffing", () => {
  afterEach(() => server.events.removeAllListeners());

  test("on a service: the proposal with reasons and totals, marked in the grid; one cell left out; accepted and reloaded", async () => {
    const calls = recordCalls();
    renderApp(GRID, { as: "pianificatore" });
    await openAndCompute();
    const proposal = await screen.findByRole("region", { name: "Proposta di assegnazione" }, { timeout: 15000 });
    expect(calls[0]).toEqual({ path: AUTO, body: { data: { dal: "2026-03-01", al: "2026-03-08", servizi: [1] } } });
    expect(
      within(proposal).getByText(/^Posti coperti: 3 → 6 su 21 · 3 proposte, 1 posti restano scoperti/),
    ).toBeTruthy();
    expect(
      within(proposal).getByText(
        "Lavora già su questo servizio, a 12,3 km, 8 h già pianificate nella settimana, valutazione 4/5",
      ),
    ).toBeTruthy();
    expect(
      within(within(proposal).getByLabelText("Posti scoperti")).getByText(
        /03\/03\/2026 14:00–22:00 — 1 posto: Tutti gli operatori idonei \(4\) sono esclusi dalle regole/,
      ),
    ).toBeTruthy();
    expect(within(proposal).getByText("Marino Davide: 1 turno, 8 h proposte (0 h già pianificate)")).toBeTruthy();

    // the grid marks the proposed cells with the reason
    const cell = screen.getByTestId("turno-1002");
    const marked = within(cell).getByTestId("proposta-1002");
    expect(within(marked).getByText("Proposto: Marino Davide")).toBeTruthy();
    expect(within(marked).getByText(/Lavora già su questo servizio/)).toBeTruthy();

    // leave Bianchi out from the grid, then accept the others
    fireEvent.click(
      within(screen.getByTestId("proposta-1005")).getByRole("checkbox", { name: "Proposto Bianchi Luca" }),
    );
    expect(
      (
        within(proposal).getByRole("checkbox", {
          name: "Accetta Bianchi Luca il 04/03/2026 08:00–14:00",
        }) as HTMLInputElement
      ).checked,
    ).toBe(false);
    fireEvent.click(within(proposal).getByRole("button", { name: "Accetta selezionate (2)" }));
    const outcome = await screen.findByRole("status", { name: "Esito dell'accettazione" });
    expect(within(outcome).getByText("Assegnati 2 · Rifiutati 0")).toBeTruthy();
    expect(calls[1]).toEqual({
      path: `${AUTO}1/accetta/`,
      body: {
        data: {
          celle: [
            { turno: 1002, operatore: 5 },
            { turno: 1004, operatore: 2 },
          ],
        },
      },
    });
    // the service reloads: the accepted operator is on the shift, no longer proposed
    await waitFor(() => expect(within(screen.getByTestId("turno-1002")).getByText(/Marino Davide/)).toBeTruthy());
    expect(screen.queryByTestId("proposta-1002")).toBeNull();
  });

  test("per day and per operator selection; a refused cell shows the server's reason", async () => {
    server.use(
      http.post(`*${AUTO}1/accetta/`, () =>
        HttpResponse.json({
          assegnati: [],
          rifiutati: [
            {
              turno: 1004,
              operatore: 2,
              detail: "L'operatore è già assegnato a un turno sovrapposto: 03/03/2026 14:00–22:00",
              reason: "turno_sovrapposto",
            },
          ],
        }),
      ),
    );
    const calls = recordCalls();
    renderApp(GRID, { as: "pianificatore" });
    await openAndCompute();
    const proposal = await screen.findByRole("region", { name: "Proposta di assegnazione" }, { timeout: 15000 });
    fireEvent.click(within(proposal).getByRole("button", { name: "Nessuna" }));
    expect(within(proposal).getByRole("button", { name: "Accetta selezionate (0)" })).toHaveProperty("disabled", true);
    fireEvent.change(within(proposal).getByLabelText("Per giorno"), { target: { value: "2026-03-03" } });
    fireEvent.click(within(proposal).getAllByRole("button", { name: "Seleziona" })[0]);
    fireEvent.change(within(proposal).getByLabelText("Per operatore"), { target: { value: "5" } });
    fireEvent.click(within(proposal).getAllByRole("button", { name: "Seleziona" })[1]);
    fireEvent.click(within(proposal).getAllByRole("button", { name: "Deseleziona" })[1]);
    fireEvent.click(within(proposal).getByRole("button", { name: "Accetta selezionate (1)" }));
    const outcome = await screen.findByRole("status", { name: "Esito dell'accettazione" });
    expect(within(outcome).getByText("Assegnati 0 · Rifiutati 1")).toBeTruthy();
    expect(
      within(outcome).getByText(
        "03/03/2026 14:00–22:00 Esposito Giulia: L'operatore è già assegnato a un turno sovrapposto: 03/03/2026 14:00–22:00",
      ),
    ).toBeTruthy();
    expect(calls[1].body).toEqual({ data: { celle: [{ turno: 1004, operatore: 2 }] } });
  });

  test("a running proposal shows its progress and can be cancelled", async () => {
    db.proposte[0] = {
      ...db.proposte[0],
      stato: "in_corso",
      avanzamento: 0.4,
      messaggio: "Calcolo: blocco 2 di 5",
      risultato: null,
    };
    const calls = recordCalls();
    renderApp(GRID, { as: "pianificatore" });
    await openAndCompute();
    const running = await screen.findByRole("status", { name: "Calcolo della proposta" }, { timeout: 15000 });
    await within(running).findByText("Calcolo: blocco 2 di 5");
    expect(within(running).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("40");
    fireEvent.click(within(running).getByRole("button", { name: "Annulla" }));
    expect(await screen.findByText("Proposta annullata")).toBeTruthy();
    expect(calls[1]).toEqual({ path: `${AUTO}1/annulla/`, body: { data: {} } });
  });

  test("on the contracts list: a week of the whole company in one region", async () => {
    const calls = recordCalls();
    renderApp("/pianificazione/contratti", { as: "pianificatore" });
    fireEvent.click(await screen.findByRole("button", { name: "Assegna automaticamente" }, { timeout: 15000 }));
    const form = screen.getByRole("group", { name: "Assegnazione automatica" });
    const dal = within(form).getByLabelText("Dal");
    fireEvent.change(dal, { target: { value: "04/03/2026" } });
    fireEvent.blur(dal);
    fireEvent.click(within(form).getByRole("button", { name: "Settimana" }));
    fireEvent.change(within(form).getByLabelText("Regione"), { target: { value: "Lombardia" } });
    fireEvent.click(within(form).getByRole("button", { name: "Calcola proposta" }));
    const proposal = await screen.findByRole("region", { name: "Proposta di assegnazione" }, { timeout: 15000 });
    expect(calls[0].body).toEqual({ data: { dal: "2026-03-02", al: "2026-03-08", regione: "Lombardia" } });
    expect(
      within(proposal).getAllByText("Piantonamento filiale di via Roma (Banca Popolare Lombarda S.p.A.)").length,
    ).toBe(3);
  });
});
