/**
 * The header's live alarms (issue 33 item 6), in the whole app against the msw backend: an open SOS
 * shows in red above the notifications — guard, time, shift, map link — for a user who may handle
 * alarms; "Prendi in carico" takes it and the next answer of the live wait removes it. A user
 * without the permission never asks for alarms and keeps SPEC's header.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { allarmeFixture } from "../../../../mocks/fixtures/console";
import { db } from "../../../../mocks/store";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();

const aperto = () =>
  allarmeFixture({
    id: 9,
    stato: "aperto",
    ricevuto_il: "2026-03-10 22:41:05",
    preso_da: null,
    preso_il: null,
    operatore: { id: 2, full_name: "Giuseppe Russo" },
  });

describe("alarms in the header", () => {
  it("shows an open SOS in red to who may handle it, above the notifications, until it is taken", async () => {
    db.allarmi.push(aperto());
    const requests: string[] = [];
    server.events.on("request:start", ({ request }) => {
      if (request.url.includes("/allarmi/")) requests.push(`${request.method} ${new URL(request.url).pathname}`);
    });
    renderApp("/", { as: "admin" });
    const banner = await screen.findByTestId("allarme-aperto");
    expect(banner.getAttribute("role")).toBe("alert");
    expect(banner.textContent).toContain("SOS da Giuseppe Russo");
    expect(banner.textContent).toContain("alle 22:41");
    expect(banner.textContent).toContain(
      "Centro Commerciale Le Torri S.p.A. · Vigilanza notturna · 09/03/2026 20:00–06:00",
    );
    expect(within(banner).getByRole("link", { name: "Mappa (±12 m)" }).getAttribute("href")).toBe(
      "https://www.openstreetmap.org/?mlat=45.4642&mlon=9.19#map=18/45.4642/9.19",
    );
    // Above the notification alert, inside the header.
    const header = screen.getByRole("banner");
    const alert = await within(header).findByText("Attenzione. Ci sono 3 notifiche non lette");
    expect(banner.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    fireEvent.click(within(banner).getByRole("button", { name: "Prendi in carico" }));
    await waitFor(() => expect(db.allarmi.find((a) => a.id === 9)?.stato).toBe("preso_in_carico"));
    expect(requests).toContain("POST /api/comunicazioni/allarmi/9/prendi/");
    // The first wait asked without a version, the next one with the version it got.
    expect(requests.slice(0, 2)).toEqual([
      "GET /api/comunicazioni/allarmi/aperti/",
      "GET /api/comunicazioni/allarmi/aperti/",
    ]);
  });

  it("says why a take was refused (another desk was first)", async () => {
    db.allarmi.push(aperto());
    server.use(
      http.post("*/api/comunicazioni/allarmi/9/prendi/", () =>
        HttpResponse.json({ detail: "Allarme già preso in carico da Lucia Neri" }, { status: 409 }),
      ),
    );
    renderApp("/", { as: "admin" });
    const banner = await screen.findByTestId("allarme-aperto");
    fireEvent.click(within(banner).getByRole("button", { name: "Prendi in carico" }));
    expect(await screen.findByText("Allarme già preso in carico da Lucia Neri")).toBeTruthy();
  });

  it("asks nothing and shows nothing to a user without the alarms' permission", async () => {
    db.allarmi.push(aperto());
    const requests: string[] = [];
    server.events.on("request:start", ({ request }) => {
      if (request.url.includes("/allarmi/")) requests.push(request.url);
    });
    renderApp("/", { as: "pianificatore" });
    await screen.findByRole("banner");
    await screen.findByText("Giulia Bianchi", {}, { timeout: 3000 }).catch(() => null);
    expect(screen.queryByTestId("allarme-aperto")).toBeNull();
    expect(requests).toEqual([]);
  });
});
