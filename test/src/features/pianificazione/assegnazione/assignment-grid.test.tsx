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

describe("Conferma settimana (issue 32 item 6)", () => {
  afterEach(() => server.events.removeAllListeners());

  test("lists the week's places to confirm, confirms them in one call through the machine and reports", async () => {
    const calls = recordCalls();
    db.servizi[1][0].giorni[2].turni[0].operatori = [{ id: 7, cognome: "Neri", nome: "Paolo", confermato: false }];
    renderApp(GRID, { as: "pianificatore" });
    await screen.findByTestId("turno-1002", {}, { timeout: 15000 });
    fireEvent.click(screen.getByRole("button", { name: "Conferma settimana" }));
    const dialog = await screen.findByRole("dialog", { name: "Conferma le assegnazioni del periodo" });
    // The first week with something to confirm: Monday 2 to Sunday 8 March.
    expect((within(dialog).getByLabelText("Periodo") as HTMLSelectElement).selectedOptions[0].textContent).toBe(
      "Settimana lun 02/03 – dom 08/03",
    );
    const list = within(dialog).getByRole("list", { name: "Assegnazioni da confermare" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["lun 02/03 14:00–22:00 — Esposito Giulia", "mer 04/03 08:00–14:00 — Neri Paolo"]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Conferma 2 assegnazioni" }));
    const report = await screen.findByRole("status", { name: "Esito della conferma del periodo" });
    expect(within(report).getByText("02/03/2026 – 08/03/2026: confermate 2 assegnazioni")).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith("/consolida/"))).toEqual([
      {
        path: "/api/pianificazione/contratti/1/servizi/1/consolida/",
        body: { data: { dal: "2026-03-02", al: "2026-03-08" } },
      },
    ]);
    // The cells show the confirmation (the cache patched, then the debounced reload).
    const afternoon = screen.getByTestId("turno-1002");
    expect(
      await within(afternoon).findByRole("button", { name: "Rimuovi conferma Esposito Giulia" }, { timeout: 10000 }),
    ).toBeTruthy();
  });

  test("a week with nothing to confirm says so and offers no confirmation", async () => {
    renderApp(GRID, { as: "pianificatore" });
    await screen.findByTestId("turno-1002", {}, { timeout: 15000 });
    fireEvent.click(screen.getByRole("button", { name: "Conferma settimana" }));
    const dialog = await screen.findByRole("dialog", { name: "Conferma le assegnazioni del periodo" });
    fireEvent.change(within(dialog).getByLabelText("Periodo"), { target: { value: "0" } });
    expect(within(dialog).getByText("Nel periodo non ci sono assegnazioni da confermare.")).toBeTruthy();
    expect(
      (within(dialog).getByRole("button", { name: "Conferma 0 assegnazioni" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  test("opens on the week holding today in Rome, also in the hour after midnight when UTC is still yesterday", async () => {
    // 00:30 of Monday 9 March 2026 in Rome is 23:30 of Sunday 8 March in UTC.
    const now = jest.spyOn(Date, "now").mockReturnValue(Date.parse("2026-03-08T23:30:00Z"));
    try {
      renderApp(GRID, { as: "pianificatore" });
      await screen.findByTestId("turno-1002", {}, { timeout: 15000 });
      fireEvent.click(screen.getByRole("button", { name: "Conferma settimana" }));
      const dialog = await screen.findByRole("dialog", { name: "Conferma le assegnazioni del periodo" });
      expect((within(dialog).getByLabelText("Periodo") as HTMLSelectElement).selectedOptions[0].textContent).toBe(
        "Settimana lun 09/03 – dom 15/03",
      );
    } finally {
      now.mockRestore();
    }
  });
});
