/**
 * The control room's screens (issue 14 items 4 and 5): a CMS-only user lands on the in-progress
 * tab; the tabs ask the list for their period; the event's page shows the pushed picture — total and
 * gates coloured by level, time to full, peak, a silent device — and the next pushed picture
 * replaces it without reloading.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { pictureOf } from "../../../../mocks/fixtures/cms";
import { db } from "../../../../mocks/store";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
const SLOW = { timeout: 15000 };

/** Event 1's live stream: a first picture with these gates' figures, then what the test pushes. */
function liveStream(evento: (typeof db.cmsEventi)[number], presenti: number[]) {
  const feed = { push: (_text: string) => {} };
  server.use(
    http.get("*/api/cms/control-room/eventi/1/live/", () => {
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          const enc = new TextEncoder();
          feed.push = (t) => controller.enqueue(enc.encode(t));
          feed.push(`event: snapshot\ndata: ${JSON.stringify(pictureOf(evento, presenti))}\n\n`);
        },
      });
      return new HttpResponse(stream, { headers: { "content-type": "text/event-stream" } });
    }),
  );
  return { push: (text: string) => feed.push(text) };
}

describe("control room", () => {
  test("a CMS-only user lands on 'Eventi in corso', which asks for the events in progress", async () => {
    const periods: (string | null)[] = [];
    server.events.on("request:start", ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === "/api/cms/control-room/eventi/") periods.push(url.searchParams.get("periodo"));
    });
    const { router } = renderApp("/", { as: "cms" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/cms/control-room/eventi-in-corso/"));
    expect(await screen.findByRole("tab", { name: "Eventi in corso", selected: true }, SLOW)).toBeTruthy();
    const link = await screen.findByRole("link", { name: "Concerto in piazza" }, SLOW);
    expect(link.getAttribute("href")).toBe("/cms/control-room/evento/1");
    expect(periods).toContain("in-corso");
    server.events.removeAllListeners();
  });

  test("the event's page shows the pushed picture and the next one replaces it", async () => {
    const evento = db.cmsEventi[0];
    const { push } = liveStream(evento, [700, 300]);
    renderApp("/cms/control-room/evento/1", { as: "cms" });
    const totale = await screen.findByRole("generic", { name: "Totale: 1000 presenti" }, SLOW);
    expect(totale.getAttribute("data-livello")).toBe("normale");
    expect(screen.getByRole("status", { name: "Stato della connessione" }).textContent).toBe("In diretta");
    expect(screen.getByText("Silente da oltre 2 minuti")).toBeTruthy();
    expect(screen.getByText(/Capienza piena tra circa 40 min/)).toBeTruthy();
    expect(within(screen.getByRole("table", { name: "Dispositivi" })).getByText("CP-002")).toBeTruthy();

    push(`event: snapshot\ndata: ${JSON.stringify(pictureOf(evento, [960, 420]))}\n\n`);
    const after = await screen.findByRole("generic", { name: "Totale: 1380 presenti" });
    expect(after.getAttribute("data-livello")).toBe("attenzione");
    // The figure itself is replaced by the new value (animated in: numero-vivo.tsx).
    expect(within(after).getByText("1380")).toBeTruthy();
    expect(within(after).queryByText("1000")).toBeNull();
    expect(screen.getByRole("generic", { name: "Varco Nord: 960 presenti" }).getAttribute("data-livello")).toBe(
      "massimo",
    );
    expect(screen.getByRole("generic", { name: "Varco Sud: 420 presenti" }).getAttribute("data-livello")).toBe(
      "attenzione",
    );
  });

  test("a gate at its maximum raises a banner and a tone the user can mute; device times to the second (issue 32 item 8)", async () => {
    const tones: number[] = [];
    class FakeAudio {
      currentTime = 0;
      destination = {};
      createOscillator() {
        tones.push(1);
        const node = { frequency: { value: 0 }, connect: () => ({ connect: () => {} }), start() {}, stop() {} };
        return node;
      }
      createGain() {
        return { gain: { value: 0 }, connect: () => {} };
      }
      close() {
        return Promise.resolve();
      }
    }
    Object.assign(window, { AudioContext: FakeAudio });
    localStorage.removeItem("erp.cms.control-room.audio");
    const evento = db.cmsEventi[0];
    const { push } = liveStream(evento, [700, 300]);
    renderApp("/cms/control-room/evento/1", { as: "cms" });
    await screen.findByRole("generic", { name: "Totale: 1000 presenti" }, SLOW);
    expect(screen.queryByRole("alert", { name: "Soglia massima raggiunta" })).toBeNull();
    const devices = screen.getByRole("table", { name: "Dispositivi" });
    expect(within(devices).getAllByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/).length).toBe(2);

    push(`event: snapshot\ndata: ${JSON.stringify(pictureOf(evento, [960, 300]))}\n\n`);
    const banner = await screen.findByRole("alert", { name: "Soglia massima raggiunta" });
    expect(within(banner).getByText("Varco Nord: 960 presenti su 1000 (96%)")).toBeTruthy();
    expect(tones.length).toBe(2); // one two-tone signal
    // The same gate still over: no new tone. Muted: none for the next gate either.
    push(`event: snapshot\ndata: ${JSON.stringify(pictureOf(evento, [970, 300]))}\n\n`);
    await screen.findByText("Varco Nord: 970 presenti su 1000 (97%)");
    expect(tones.length).toBe(2);
    within(banner).getByRole("button", { name: "Disattiva audio" }).click();
    expect(await within(banner).findByRole("button", { name: "Attiva audio" })).toBeTruthy();
    expect(localStorage.getItem("erp.cms.control-room.audio")).toBe("off");
    push(`event: snapshot\ndata: ${JSON.stringify(pictureOf(evento, [970, 490]))}\n\n`);
    await screen.findByText("Varco Sud: 490 presenti su 500 (98%)");
    expect(tones.length).toBe(2);
    localStorage.removeItem("erp.cms.control-room.audio");
  });

  test("an event that does not exist (or was deleted) says so instead of reconnecting for ever", async () => {
    let calls = 0;
    server.use(
      http.get("*/api/cms/control-room/eventi/999/live/", () => {
        calls += 1;
        return HttpResponse.json({ detail: "Evento non trovato" }, { status: 404 });
      }),
    );
    renderApp("/cms/control-room/evento/999", { as: "cms" });
    expect(await screen.findByText("Evento non trovato: non esiste o è stato eliminato", {}, SLOW)).toBeTruthy();
    expect(screen.getByRole("status", { name: "Stato della connessione" }).textContent).toBe("Evento non trovato");
    expect(screen.queryByText("Riconnessione…")).toBeNull();
    expect(calls).toBe(1);
  });
});
