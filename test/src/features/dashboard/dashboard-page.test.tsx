/** The dashboard: the day's figures from one request, each linked to its list filtered. */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { db } from "../../../../mocks/store";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
jest.setTimeout(60_000);

describe("Dashboard", () => {
  it("shows today's shifts, the expiries and the month's money in one request, linked to the lists", async () => {
    let requests = 0;
    server.events.on("request:start", ({ request }) => {
      if (new URL(request.url).pathname === "/api/report/dashboard/") requests += 1;
    });
    const { router } = renderApp("/", { as: "admin" });
    expect(await screen.findByText("Turni di oggi (10/03/2026)")).toBeTruthy();
    expect(screen.getByText("Scoperti").parentElement?.textContent).toContain("3");
    const margine = screen.getByRole("link", { name: /^3\.?999,50/ });
    expect(margine.getAttribute("href")).toBe("/report/analisi-ricavi?f.dal=2026-03-01&f.al=2026-03-31");
    const documenti = screen.getByRole("link", { name: "4" });
    expect(documenti.getAttribute("href")).toBe("/report/scadenze-documenti?f.entro=2026-04-09");
    expect(await screen.findByRole("figure", { name: "Ricavi, compensi e margine del mese" })).toBeTruthy();
    expect(requests).toBe(1);
    fireEvent.click(documenti);
    await waitFor(() => expect(router.state.location.pathname).toBe("/report/scadenze-documenti"));
    expect(router.state.location.search).toBe("?f.entro=2026-04-09");
  });

  it("shows the open tickets, the anomalies to handle and the events in progress, linked to their lists filtered", async () => {
    const { router } = renderApp("/", { as: "admin" });
    expect(await screen.findByText("Da seguire")).toBeTruthy();
    const ticket = screen.getByRole("link", { name: "6" });
    expect(screen.getByText("Ticket aperti")).toBeTruthy();
    expect(ticket.getAttribute("href")).toBe("/console/ticket-supporto?f.stato=aperto");
    expect(screen.getByRole("link", { name: "8" }).getAttribute("href")).toBe("/console/anomalie?f.stato=aperta");
    expect(screen.getByText("Anomalie da gestire")).toBeTruthy();
    expect(screen.getByRole("link", { name: "5" }).getAttribute("href")).toBe("/cms/control-room/eventi-in-corso");
    expect(screen.getByText("Eventi in corso")).toBeTruthy();
    fireEvent.click(ticket);
    await waitFor(() => expect(router.state.location.pathname).toBe("/console/ticket-supporto"));
    expect(router.state.location.search).toBe("?f.stato=aperto");
  });

  it("shows only the figures the server sent: none of the Console's or the CMS's without their permissions", async () => {
    const { ticket_aperti: _t, anomalie_aperte: _a, eventi_in_corso: _e, ...senza } = db.reportDashboard;
    server.use(http.get("*/api/report/dashboard/", () => HttpResponse.json({ ...senza, ticket_aperti: 6 })));
    renderApp("/", { as: "admin" });
    expect(await screen.findByText("Ticket aperti")).toBeTruthy();
    expect(screen.queryByText("Anomalie da gestire")).toBeNull();
    expect(screen.queryByText("Eventi in corso")).toBeNull();
  });

  it("shows the expiries the server sent: no section without them, only courses with the courses alone", async () => {
    const { scadenze } = db.reportDashboard;
    server.use(
      http.get("*/api/report/dashboard/", () =>
        HttpResponse.json({ ...db.reportDashboard, scadenze: { entro: scadenze.entro, corsi: 3 } }),
      ),
    );
    const first = renderApp("/", { as: "admin" });
    expect(await screen.findByText("Corsi")).toBeTruthy();
    expect(screen.queryByText("Documenti")).toBeNull();
    first.unmount();
    server.use(
      http.get("*/api/report/dashboard/", () =>
        HttpResponse.json({ ...db.reportDashboard, scadenze: { entro: scadenze.entro } }),
      ),
    );
    renderApp("/", { as: "admin" });
    expect(await screen.findByText("Turni di oggi (10/03/2026)")).toBeTruthy();
    expect(screen.queryByText(/^Scadenze entro il/)).toBeNull();
  });

  it("'Scoperti' links to the day's uncovered shifts, listed on the dashboard with the way to assign them", async () => {
    const { router } = renderApp("/", { as: "admin" });
    expect(await screen.findByText("Turni di oggi (10/03/2026)")).toBeTruthy();
    const scoperti = screen.getByRole("link", { name: "3" });
    expect(scoperti.getAttribute("href")).toBe("/?turni.f.giorno=2026-03-10&turni.f.copertura=scoperti");
    fireEvent.click(scoperti);
    expect(await screen.findByText("Turni scoperti del 10/03/2026")).toBeTruthy();
    const grid = await screen.findByRole("grid", { name: "Turni scoperti" });
    expect(await within(grid).findByText("06:00–14:00")).toBeTruthy();
    expect(within(grid).getByText("14:00–22:00")).toBeTruthy();
    expect(within(grid).queryByText("22:00–06:00")).toBeNull();
    const apri = within(grid).getAllByRole("link", { name: "Apri" })[0];
    expect(apri.getAttribute("href")).toBe(
      "/pianificazione/contratti/1/servizi/1/giorno/10/turno/31/assegnazione-avanzata",
    );
    fireEvent.click(screen.getByRole("button", { name: "Chiudi" }));
    await waitFor(() => expect(screen.queryByText("Turni scoperti del 10/03/2026")).toBeNull());
    expect(router.state.location.search).toBe("");
  });

  it("without the money: no revenue, and no link to a list the user cannot open", async () => {
    const { mese } = db.reportDashboard;
    server.use(
      http.get("*/api/report/dashboard/", () =>
        HttpResponse.json({
          oggi: db.reportDashboard.oggi,
          turni: db.reportDashboard.turni,
          scadenze: db.reportDashboard.scadenze,
          mese: { dal: mese.dal, al: mese.al },
        }),
      ),
    );
    renderApp("/", { as: "pianificatore" });
    expect(await screen.findByText("Turni di oggi (10/03/2026)")).toBeTruthy();
    expect(screen.queryByText("Margine")).toBeNull();
    expect(screen.queryByRole("figure")).toBeNull();
    expect(screen.queryByRole("link", { name: "4" })).toBeNull();
    expect(screen.queryByText("Da seguire")).toBeNull();
    expect(screen.queryByText("Ticket aperti")).toBeNull();
    expect(screen.getByText("Benvenuto, Giulia Bianchi")).toBeTruthy();
  });
});
