import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { db } from "../../../../../mocks/store";
import { setupMockServer } from "../../../helpers/msw";
import { renderApp } from "../../../helpers/render-app";

const server = setupMockServer();
const GRID = "/pianificazione/contratti/1/servizi/1/assegnazione-risorse?dal=2026-03-01&al=2026-03-31";

function recordCalls() {
  const calls: { path: string; body: unknown }[] = [];
  server.events.on("request:start", async ({ request }) => {
    if (request.method !== "POST") return;
    calls.push({ path: new URL(request.url).pathname, body: await request.clone().json() });
  });
  return calls;
}

describe("assignment grid", () => {
  afterEach(() => server.events.removeAllListeners());

  test("uncovered shifts stand out; covered and unconfirmed ones are marked", async () => {
    renderApp(GRID, { as: "pianificatore" });
    const afternoon = await screen.findByTestId("turno-1002", {}, { timeout: 15000 });
    expect(afternoon.getAttribute("data-copertura")).toBe("scoperto");
    expect(within(afternoon).getByText("Scoperto")).toBeTruthy();
    expect(within(afternoon).getByText("Richiesti 2 · Assegnati 1 · Confermati 0")).toBeTruthy();
    const morning = screen.getByTestId("turno-1001");
    expect(morning.getAttribute("data-copertura")).toBe("coperto");
    expect(within(morning).getByText("Coperto")).toBeTruthy();
    // Each row names its day with the weekday (issue 32 item 5): Monday 2 March 2026.
    const grid = screen.getByRole("table", { name: "Assegnazione risorse" });
    expect(within(grid).getByText("lun 02/03").getAttribute("title")).toBe("02/03/2026");
    expect(within(grid).getByText("dom 08/03")).toBeTruthy();
  });

  test("the cell buttons send confirm and unassign calls with the SPEC bodies", async () => {
    const calls = recordCalls();
    renderApp(GRID, { as: "pianificatore" });
    const afternoon = await screen.findByTestId("turno-1002", {}, { timeout: 15000 });
    fireEvent.click(within(afternoon).getByRole("button", { name: "Conferma Esposito Giulia" }));
    await within(afternoon).findByRole("button", { name: "Rimuovi conferma Esposito Giulia" });
    expect(calls[0]).toEqual({
      path: "/api/pianificazione/contratti/1/servizi/1/giorni/101/turni/1002/operatori-conf/",
      body: { data: { operatore: { id: 2 }, add: true } },
    });

    fireEvent.click(within(afternoon).getByRole("button", { name: "Rimuovi conferma Esposito Giulia" }));
    await within(afternoon).findByRole("button", { name: "Conferma Esposito Giulia" });
    expect(calls[1].body).toEqual({ data: { operatore: { id: 2 } } });

    const morning = screen.getByTestId("turno-1001");
    fireEvent.click(within(morning).getByRole("button", { name: "Rimuovi Bianchi Luca" }));
    // Bianchi is confirmed on the shift: removing him asks first.
    fireEvent.click(await screen.findByRole("button", { name: "Rimuovi" }));
    await waitFor(() => expect(within(morning).queryByText(/Bianchi Luca/)).toBeNull());
    expect(calls[2]).toEqual({
      path: "/api/pianificazione/contratti/1/servizi/1/giorni/101/turni/1001/operatori/",
      body: { data: { operatore: { id: 1 }, add: false } },
    });
    expect(within(morning).getByText("Scoperto")).toBeTruthy();
  });

  test("another service gets a fresh assignment actor, never the previous one's state", async () => {
    // A second service of the same contract, with the same days and shifts.
    db.servizi[1].push({ ...structuredClone(db.servizi[1][0]), id: 2, descrizione: "Secondo servizio" });
    const calls = recordCalls();
    const { router } = renderApp(GRID, { as: "pianificatore" });
    let afternoon = await screen.findByTestId("turno-1002", {}, { timeout: 15000 });
    fireEvent.click(within(afternoon).getByRole("button", { name: "Conferma Esposito Giulia" }));
    await within(afternoon).findByRole("button", { name: "Rimuovi conferma Esposito Giulia" });

    await router.navigate(GRID.replace("/servizi/1/", "/servizi/2/"));
    await screen.findByRole("heading", { name: "Secondo servizio" }, { timeout: 15000 });
    await waitFor(
      () =>
        expect(
          within(screen.getByTestId("turno-1002")).getByRole("button", { name: "Conferma Esposito Giulia" }),
        ).toBeTruthy(),
      { timeout: 15000 },
    );
    afternoon = screen.getByTestId("turno-1002");
    fireEvent.click(within(afternoon).getByRole("button", { name: "Conferma Esposito Giulia" }));
    await within(afternoon).findByRole("button", { name: "Rimuovi conferma Esposito Giulia" });
    expect(calls.map((c) => c.path)).toEqual([
      "/api/pianificazione/contratti/1/servizi/1/giorni/101/turni/1002/operatori-conf/",
      "/api/pianificazione/contratti/1/servizi/2/giorni/101/turni/1002/operatori-conf/",
    ]);
  });
});
