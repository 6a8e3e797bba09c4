/**
 * The header's notification alert and the side menu's chip, in the whole app against the msw
 * backend (mocks/fixtures/console.ts: 3 unread tickets, 2 of them not closed, and a new anomaly).
 * The alert counts what the popup lists (3); the chip counts the unread tickets (3).
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { db } from "../../../../mocks/store";
import { chooseMenuItem } from "../../helpers/menu";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();

const ALERT = "Attenzione. Ci sono 3 notifiche non lette";

function ticketLink() {
  const nav = screen.getAllByRole("navigation", { name: "Menu principale" })[0];
  return within(nav).getByRole("link", { name: /Ticket supporto/ });
}

async function openPopup(text: string | RegExp) {
  const alert = await screen.findByText(text);
  fireEvent.click(alert.closest("button") as HTMLElement);
  return screen.findByRole("dialog", { name: "Problemi" });
}

describe("notification alert (SPEC §2 Header)", () => {
  it("shows the unread count to an admin and lists the active problems in the 'Problemi' popup", async () => {
    const { router } = renderApp("/", { as: "admin" });
    const popup = await openPopup(ALERT);
    expect(within(popup).getByText("Problemi")).toBeTruthy();
    expect(getComputedStyle(within(popup).getByTestId("problemi-list")).maxHeight).toBe("400px");
    const items = within(popup).getAllByRole("link");
    expect(items.map((a) => a.textContent)).toEqual([
      "Giuseppe Russo10/03/2026 08:15",
      "Anna Ferrari09/03/2026 22:40",
      "Anna Ferrari09/03/2026 08:27 · Anomalia: Ingresso in ritardo",
    ]);

    fireEvent.click(items[1]);
    await waitFor(() => expect(router.state.location.pathname).toBe("/console/ticket-supporto"));
    expect(router.state.location.search).toBe("?ticket=2");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Problemi" })).toBeNull());
  });

  it("blinks every 500 ms: the theme's alert-blink keyframes, back and forth, without a script", async () => {
    renderApp("/", { as: "admin" });
    const alert = await screen.findByText(ALERT);
    const style = getComputedStyle(alert);
    expect(style.animation || style.animationName).toMatch(/alert-blink/);
    expect(style.animation).toMatch(/500ms steps\(1, end\) infinite alternate/);
    // Two phases that both keep AA contrast, switched without a fade (issue 32 item 13).
    const css = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText)).join("\n");
    expect(css).toMatch(/@keyframes alert-blink\s*\{\s*from\s*\{\s*color:\s*var\(--chakra-colors-red-700\);/);
    expect(css).toMatch(
      /to\s*\{\s*color:\s*var\(--chakra-colors-white\);\s*background-color:\s*var\(--chakra-colors-red-700\)/,
    );
  });

  it("an anomaly in the popup opens the anomaly", async () => {
    const { router } = renderApp("/", { as: "admin" });
    const popup = await openPopup(ALERT);
    fireEvent.click(within(popup).getByRole("link", { name: /Anomalia: Ingresso in ritardo/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/console/anomalie"));
    expect(router.state.location.search).toBe("?anomalia=7");
  });

  it("counts what the popup lists, and says 'Nessun problema segnalato' when a reload empties it", async () => {
    db.problemi = db.problemi.slice(0, 1);
    db.ticketNonLetti = 5;
    renderApp("/", { as: "admin" });
    const alert = await screen.findByText("Attenzione. Ci sono 1 notifiche non lette");
    db.problemi = [];
    fireEvent.click(alert.closest("button") as HTMLElement);
    const popup = await screen.findByRole("dialog", { name: "Problemi" });
    await within(popup).findByText("Nessun problema segnalato");
    expect(within(popup).getByText("Nessun problema segnalato")).toBeTruthy();
    expect(within(popup).queryAllByRole("link")).toEqual([]);
  });

  it("is not shown when nothing is listed (even with unread closed tickets in the chip)", async () => {
    db.problemi = [];
    db.ticketNonLetti = 2;
    const calls: string[] = [];
    server.events.on("request:start", ({ request }) => calls.push(new URL(request.url).pathname));
    renderApp("/", { as: "admin" });
    await screen.findByText("Benvenuto, Marco Rossi");
    await waitFor(() => expect(calls).toContain("/api/comunicazioni/summary/"));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/notifiche non lette/)).toBeNull();
    expect(ticketLink().textContent).toBe("Ticket supporto2");
    server.events.removeAllListeners();
  });

  it("is not shown, and nothing is fetched, for a user without the notifications permission", async () => {
    const calls: string[] = [];
    server.events.on("request:start", ({ request }) => calls.push(new URL(request.url).pathname));
    renderApp("/", { as: "pianificatore" });
    await screen.findByText("Benvenuto, Giulia Bianchi");
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(/notifiche non lette/)).toBeNull();
    expect(calls.filter((p) => p.startsWith("/api/comunicazioni/"))).toEqual([]);
    server.events.removeAllListeners();
  });

  it("a failed fetch shows nothing: no alert, no chip", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
    server.use(
      http.get("*/api/comunicazioni/summary/", () => HttpResponse.json({ detail: "Guasto" }, { status: 500 })),
      http.get("*/api/comunicazioni/problemi-attivi/", () => HttpResponse.error()),
    );
    renderApp("/", { as: "admin" });
    await screen.findByText("Benvenuto, Marco Rossi");
    await waitFor(() => expect(warn).toHaveBeenCalledWith("Notifiche: summary non riuscito (Guasto)"));
    expect(warn).toHaveBeenCalledWith("Notifiche: problemi-attivi non riuscito (Impossibile contattare il server)");
    expect(screen.queryByText(/notifiche non lette/)).toBeNull();
    expect(ticketLink().textContent).toBe("Ticket supporto");
    warn.mockRestore();
  });
});

describe("'Ticket supporto' chip (SPEC §2 Side menu)", () => {
  it("shows the unread count in red", async () => {
    renderApp("/", { as: "admin" });
    const chip = await screen.findByLabelText("3 ticket non letti");
    expect(chip.textContent).toBe("3");
    expect(ticketLink().contains(chip)).toBe(true);
  });

  it("is gone after logout (polling stops with the session)", async () => {
    const { router } = renderApp("/", { as: "admin" });
    await screen.findByLabelText("3 ticket non letti");
    await screen.findByText(ALERT);
    await chooseMenuItem(screen.getByRole("button", { name: "Profilo di Marco Rossi" }), "Logout");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(screen.queryByText(ALERT)).toBeNull();
    expect(screen.queryByLabelText("3 ticket non letti")).toBeNull();
  });
});
