/**
 * /console/attivita — attendance against the plan (mocks/fixtures/console.ts): today by default,
 * the planned operators with their check-ins, a missing check-in, the totals of the day.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { toApiDate } from "../../../../src/domain/format";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
const SLOW = { timeout: 15000 };

describe("attività", () => {
  it("asks for today's day by default, shows check-ins against the plan and the totals", async () => {
    const asked: URLSearchParams[] = [];
    server.events.on("request:start", ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === "/api/comunicazioni/attivita/") asked.push(url.searchParams);
    });
    renderApp("/console/attivita", { as: "admin" });
    await waitFor(() => expect(asked.some((p) => p.get("giorno") === toApiDate(new Date()))).toBe(true), SLOW);
    // the fixture's day
    const giorno = await screen.findByRole("textbox", { name: /Giorno/ }, SLOW);
    fireEvent.change(giorno, { target: { value: "10/03/2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Applica" }));
    const grid = await screen.findByRole("grid", { name: "Attività" }, SLOW);
    expect(await within(grid).findByText("Russo Giuseppe", {}, SLOW)).toBeTruthy();
    expect(within(grid).getByText("10/03/2026 08:12")).toBeTruthy();
    expect(within(grid).getByText("12 min")).toBeTruthy();
    expect(within(grid).getByText("Mancante")).toBeTruthy();
    const totals = screen.getByLabelText("Totali");
    await waitFor(() => expect(totals.textContent).toBe("Ore previste: 16:00Ore lavorate: 07:38"));
    expect(asked.some((p) => p.get("group_by") === "giorno" && p.get("giorno") === "2026-03-10")).toBe(true);
    server.events.removeAllListeners();
  });

  it("says 'Da iniziare' for a shift that has not started, 'Mancante' only after its start (issue 32 item 7)", async () => {
    const wall = (d: Date) => `${toApiDate(d)} ${String(d.getHours()).padStart(2, "0")}:00:00`;
    const tra2ore = new Date(Date.now() + 2 * 3600_000);
    const da2ore = new Date(Date.now() - 2 * 3600_000);
    const row = (id: number, operatore: string, inizio: Date) => ({
      id,
      giorno: toApiDate(inizio),
      cliente: "Banca Popolare S.p.A.",
      cliente_id: 1,
      servizio: "Piantonamento filiale",
      servizio_id: 1,
      operatore,
      operatore_id: id,
      inizio_previsto: wall(inizio),
      fine_prevista: null,
      ingresso: null,
      uscita: null,
      ritardo_minuti: null,
      anticipo_uscita_minuti: null,
      distanza_m: null,
      ore_previste: 3600,
      ore_lavorate: null,
    });
    server.use(
      http.get("*/api/comunicazioni/attivita/", () =>
        HttpResponse.json({
          count: 2,
          page: 1,
          results: [row(1, "Verdi Paolo", tra2ore), row(2, "Neri Sara", da2ore)],
        }),
      ),
    );
    renderApp("/console/attivita", { as: "admin" });
    const grid = await screen.findByRole("grid", { name: "Attività" }, SLOW);
    const futura = (await within(grid).findByText("Verdi Paolo", {}, SLOW)).closest('[role="row"]') as HTMLElement;
    expect(within(futura).getByText("Da iniziare")).toBeTruthy();
    expect(within(futura).queryByText("Mancante")).toBeNull();
    const passata = within(grid).getByText("Neri Sara").closest('[role="row"]') as HTMLElement;
    expect(within(passata).getByText("Mancante")).toBeTruthy();
  });

  it("when the list cannot be read, the totals say '—' (not the previous day's figures, nor zeros)", async () => {
    renderApp("/console/attivita", { as: "admin" });
    const totals = await screen.findByLabelText("Totali", {}, SLOW);
    fireEvent.change(await screen.findByRole("textbox", { name: /Giorno/ }, SLOW), { target: { value: "10/03/2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Applica" }));
    await waitFor(() => expect(totals.textContent).toBe("Ore previste: 16:00Ore lavorate: 07:38"), SLOW);
    server.use(http.get("*/api/comunicazioni/attivita/", () => HttpResponse.error()));
    fireEvent.change(screen.getByRole("textbox", { name: /Giorno/ }), { target: { value: "11/03/2026" } });
    fireEvent.click(screen.getByRole("button", { name: "Applica" }));
    expect(await screen.findByText(/Errore server: Si è verificato un problema/, {}, SLOW)).toBeTruthy();
    expect(totals.textContent).toBe("Ore previste: —Ore lavorate: —");
  });
});
