/**
 * Advanced assignment and consolidation through the service's assignment machine, in the whole
 * app against the msw backend (Monday 02/03/2026, afternoon shift 1002: two required, Esposito
 * Giulia assigned). Bulk assignment: one call, the chosen rows and both bulk buttons disabled while
 * it runs, the report of the assigned and the skipped ones with the server's reasons, the rows
 * updated at once and the service reloaded 2 s later. Consolidation likewise. The row buttons are
 * the grid's <OperatorActions>.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { RELOAD_DEBOUNCE_MS } from "../../../../../src/machines/assignment.machine";
import { setupMockServer } from "../../../helpers/msw";
import { renderApp } from "../../../helpers/render-app";

const server = setupMockServer();
const SHIFT = "/api/pianificazione/contratti/1/servizi/1/giorni/101/turni/1002/";
const ADVANCED = "/pianificazione/contratti/1/servizi/1/giorno/101/turno/1002/assegnazione-avanzata";
const CONSOLIDATION = "/pianificazione/contratti/1/servizi/1/giorno/101/consolidamento-avanzato";

/** A gate the test opens: the request waits at it, then gets `answer` (or the mock backend's). */
function holdRequests(method: "post", path: string, answer?: () => Response) {
  let open: () => void = () => {};
  const gate = new Promise<void>((r) => (open = r));
  server.use(
    http[method](`*${path}`, async () => {
      await gate;
      return answer?.();
    }),
  );
  return () => open();
}

function recordRequests() {
  const seen: { t: number; method: string; path: string; body?: unknown }[] = [];
  server.events.on("request:start", async ({ request }) => {
    const path = new URL(request.url).pathname;
    seen.push({
      t: Date.now(),
      method: request.method,
      path,
      body: request.method === "POST" ? await request.clone().json() : undefined,
    });
  });
  return seen;
}

const row = (name: string) => screen.getByRole("row", { name });
/** The button, once the chosen rows have enabled it. */
async function enabled(name: string): Promise<HTMLButtonElement> {
  const button = screen.getByRole("button", { name }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}

/** The row's selection box (Chakra's hidden input). */
const box = (name: string) => within(row(name)).getByRole("checkbox", { hidden: true }) as HTMLInputElement;

describe("advanced assignment", () => {
  afterEach(() => server.events.removeAllListeners());

  test("bulk assignment goes through the machine: buttons disabled while it runs, the report, the rows, the reload", async () => {
    const seen = recordRequests();
    renderApp(ADVANCED, { as: "pianificatore" });
    await screen.findByRole("table", { name: "Operatori candidati al turno 1002" }, { timeout: 15000 });
    expect(within(row("Esposito Giulia")).getByText("Assegnato")).toBeTruthy();
    // 'Solo idonei' is on: the ineligible operator shows once it is off, and cannot be chosen.
    expect(screen.queryByRole("row", { name: "Ricci Marta" })).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: /^Solo idonei \(\d+ nascosti\)/ }));
    await screen.findByRole("row", { name: "Ricci Marta" });
    expect(box("Ricci Marta").disabled).toBe(true);

    const release = holdRequests("post", `${SHIFT}operatori/bulk/`);
    fireEvent.click(box("Marino Davide"));
    fireEvent.click(box("Greco Sofia"));
    const both = await enabled("Assegna e conferma selezionati");
    fireEvent.click(both);

    // In progress: one call, both bulk buttons and the chosen operators' buttons disabled.
    await within(row("Marino Davide")).findByLabelText("Operazione in corso per Marino Davide");
    expect((screen.getByRole("button", { name: "Assegna selezionati" }) as HTMLButtonElement).disabled).toBe(true);
    expect((both as HTMLButtonElement).disabled).toBe(true);
    expect(
      (within(row("Greco Sofia")).getByRole("button", { name: "Assegna Greco Sofia" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    const bulkCalls = () => seen.filter((r) => r.path.endsWith("/operatori/bulk/"));
    expect(bulkCalls()).toEqual([
      expect.objectContaining({
        method: "POST",
        path: `${SHIFT}operatori/bulk/`,
        body: { data: { operatori: [6, 5], conferma: true } },
      }),
    ]);
    const refetchesBefore = seen.filter((r) => r.method === "GET" && r.path.endsWith("/candidati/")).length;
    const releasedAt = Date.now();
    release();

    const report = await screen.findByRole("status", { name: "Esito dell'assegnazione" });
    expect(within(report).getByText("Assegnati 2, scartati 0")).toBeTruthy();
    expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();
    // The rows show it at once (the cache is patched), before the reload.
    expect(within(row("Marino Davide")).getByText("Confermato")).toBeTruthy();
    expect(within(row("Greco Sofia")).getByText("Confermato")).toBeTruthy();
    expect(within(row("Marino Davide")).getByRole("button", { name: "Rimuovi conferma Marino Davide" })).toBeTruthy();
    // The debounced reload fetches the rows again, once, no sooner than 2 s after the answer.
    const refetches = () =>
      seen.filter((r) => r.method === "GET" && r.path.endsWith("/candidati/")).slice(refetchesBefore);
    await waitFor(() => expect(refetches()).toHaveLength(1), { timeout: 8000 });
    expect(refetches()[0].t - releasedAt).toBeGreaterThanOrEqual(RELOAD_DEBOUNCE_MS);
    expect(bulkCalls()).toHaveLength(1);
  });

  test("the report names the operators the server skipped, with its reason", async () => {
    // Bianchi Luca looks eligible in the ranking, but someone took him meanwhile: the server skips him.
    server.use(
      http.post(`*${SHIFT}operatori/bulk/`, () =>
        HttpResponse.json({
          assegnati: [
            { id: 5, cognome: "Marino", nome: "Davide", confermato: false, warnings: ["Riposo inferiore a 11 ore"] },
          ],
          falliti: [
            {
              id: 1,
              detail: "L'operatore è già assegnato a un turno sovrapposto: 02/03/2026 13:00–18:00",
              reason: "turno_sovrapposto",
            },
          ],
        }),
      ),
    );
    renderApp(ADVANCED, { as: "pianificatore" });
    await screen.findByRole("table", { name: "Operatori candidati al turno 1002" }, { timeout: 15000 });
    fireEvent.click(box("Marino Davide"));
    fireEvent.click(box("Bianchi Luca"));
    fireEvent.click(await enabled("Assegna selezionati"));
    const report = await screen.findByRole("status", { name: "Esito dell'assegnazione" });
    expect(within(report).getByText("Assegnati 1, scartati 1")).toBeTruthy();
    expect(
      within(report).getByText(
        "Bianchi Luca: L'operatore è già assegnato a un turno sovrapposto: 02/03/2026 13:00–18:00",
      ),
    ).toBeTruthy();
    expect(within(report).getByText("Marino Davide: Riposo inferiore a 11 ore")).toBeTruthy();
    expect(within(row("Marino Davide")).getByText("Assegnato")).toBeTruthy();
    expect(within(row("Bianchi Luca")).queryByText("Assegnato")).toBeNull();
    // The selection went with the call.
    expect((screen.getByRole("button", { name: "Assegna selezionati" }) as HTMLButtonElement).disabled).toBe(true);
  });

  test("a failed bulk call says so and assigns nothing", async () => {
    const error = jest.spyOn(console, "error").mockImplementation(() => {});
    server.use(http.post(`*${SHIFT}operatori/bulk/`, () => HttpResponse.json({ detail: "Guasto" }, { status: 500 })));
    renderApp(ADVANCED, { as: "pianificatore" });
    await screen.findByRole("table", { name: "Operatori candidati al turno 1002" }, { timeout: 15000 });
    fireEvent.click(box("Marino Davide"));
    fireEvent.click(await enabled("Assegna selezionati"));
    expect(await screen.findByText("Si è verificato un errore (Guasto)")).toBeTruthy();
    expect(screen.queryByRole("status", { name: "Esito dell'assegnazione" })).toBeNull();
    expect(within(row("Marino Davide")).queryByText("Assegnato")).toBeNull();
    error.mockRestore();
  });

  test("the row buttons are the grid's: assign, confirm, remove the confirmation, remove", async () => {
    const seen = recordRequests();
    renderApp(ADVANCED, { as: "pianificatore" });
    await screen.findByRole("table", { name: "Operatori candidati al turno 1002" }, { timeout: 15000 });
    fireEvent.click(within(row("Marino Davide")).getByRole("button", { name: "Assegna Marino Davide" }));
    fireEvent.click(await within(row("Marino Davide")).findByRole("button", { name: "Conferma Marino Davide" }));
    fireEvent.click(
      await within(row("Marino Davide")).findByRole("button", { name: "Rimuovi conferma Marino Davide" }),
    );
    fireEvent.click(await within(row("Marino Davide")).findByRole("button", { name: "Conferma Marino Davide" }));
    await within(row("Marino Davide")).findByText("Confermato");
    fireEvent.click(within(row("Marino Davide")).getByRole("button", { name: "Rimuovi Marino Davide" }));
    // A confirmed operator is removed only after confirming.
    fireEvent.click(await screen.findByRole("button", { name: "Rimuovi" }));
    await waitFor(() => within(row("Marino Davide")).getByRole("button", { name: "Assegna Marino Davide" }));
    expect(seen.filter((r) => r.method === "POST").map((r) => [r.path.slice(SHIFT.length), r.body])).toEqual([
      ["operatori/", { data: { operatore: { id: 5 }, add: true } }],
      ["operatori-conf/", { data: { operatore: { id: 5 }, add: true } }],
      ["operatori-conf/", { data: { operatore: { id: 5 } } }],
      ["operatori-conf/", { data: { operatore: { id: 5 }, add: true } }],
      ["operatori/", { data: { operatore: { id: 5 }, add: false } }],
    ]);
  });
});

describe("advanced consolidation", () => {
  afterEach(() => server.events.removeAllListeners());

  test("confirms the day through the machine: the button waits, then the report of what is still uncovered", async () => {
    const seen = recordRequests();
    renderApp(CONSOLIDATION, { as: "pianificatore" });
    const button = await screen.findByRole("button", { name: "Conferma tutte le assegnazioni" }, { timeout: 15000 });
    // What the click will confirm is listed before it (issue 32 item 6): Esposito, not the confirmed Bianchi.
    const preview = await screen.findByRole("group", { name: "Assegnazioni da confermare" });
    expect(within(preview).getByText("Verranno confermate 1 assegnazione:")).toBeTruthy();
    expect(within(preview).getByText("14:00–22:00 — Esposito Giulia")).toBeTruthy();
    expect(within(preview).queryByText(/Bianchi/)).toBeNull();
    // The server confirms Esposito and reports the afternoon still uncovered.
    const release = holdRequests("post", "/api/pianificazione/contratti/1/servizi/1/giorni/101/consolida/", () =>
      HttpResponse.json({
        result: "OK",
        confermati: 1,
        scoperti: [
          {
            turno_id: 1002,
            giorno: "2026-03-02",
            inizio_f1: "14:00:00",
            fine_f1: "22:00:00",
            inizio_f2: null,
            fine_f2: null,
            posizione: "Guardia particolare giurata",
            operatori_richiesti: 2,
            assegnati: 1,
            mancanti: 1,
          },
        ],
      }),
    );
    fireEvent.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    fireEvent.click(button);
    release();
    const report = await screen.findByRole("status", { name: "Esito del consolidamento" });
    expect(within(report).getByText("Confermati 1")).toBeTruthy();
    expect(
      within(report).getByText(
        "Scoperto: 02/03/2026 14:00–22:00 (Guardia particolare giurata) — assegnati 1 di 2, mancano 1",
      ),
    ).toBeTruthy();
    expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();
    expect(seen.filter((r) => r.path.endsWith("/consolida/"))).toHaveLength(1);
  });
});

test("a shift with 500 candidates draws only the rows in view, one line each, and the others on scrolling", async () => {
  const header = await (await fetch(`http://localhost${SHIFT}candidati/`)).json();
  const results = Array.from({ length: 500 }, (_, i) => ({
    id: 1000 + i,
    cognome: `Candidato${String(i).padStart(3, "0")}`,
    nome: "Prova",
    rating: 3,
    eligible: true,
    reasons: [],
    warnings: i === 0 ? ["Avviso uno", "Avviso due"] : [],
    distanza_km: i,
    secondi_settimana: 0,
    assegnato: false,
    confermato: false,
  }));
  server.use(http.get(`*${SHIFT}candidati/`, () => HttpResponse.json({ ...header, results })));
  renderApp(ADVANCED, { as: "pianificatore" });
  const table = await screen.findByRole("table", { name: "Operatori candidati al turno 1002" }, { timeout: 15000 });
  await within(table).findByRole("row", { name: "Candidato000 Prova" });
  const drawn = () => within(table).getAllByRole("row").length;
  // The box shows 800 px (jsdom's layout): ~18 rows of 44 px and the overscan, not 500.
  expect(drawn()).toBeLessThan(60);
  expect(within(table).queryByRole("row", { name: "Candidato400 Prova" })).toBeNull();
  // The first row's two warnings: one line, the whole list behind 'Altri 1'.
  expect(within(row("Candidato000 Prova")).getByText("Avviso uno")).toBeTruthy();
  expect(within(row("Candidato000 Prova")).queryByText("Avviso due")).toBeNull();
  fireEvent.click(within(row("Candidato000 Prova")).getByRole("button", { name: "Altri 1" }));
  const motivi = await screen.findByLabelText("Motivi di Candidato000 Prova");
  expect(within(motivi).getByText("Avviso due")).toBeTruthy();

  const box = table.parentElement as HTMLElement;
  box.scrollTop = 400 * 44;
  fireEvent.scroll(box);
  expect(await within(table).findByRole("row", { name: "Candidato400 Prova" })).toBeTruthy();
  expect(within(table).queryByRole("row", { name: "Candidato000 Prova" })).toBeNull();
  expect(drawn()).toBeLessThan(60);
});

test("a planner's Logs panel reads the shift's own history, not the administrators' whole trail (issue 32 item 1)", async () => {
  const paths: string[] = [];
  server.events.on("request:start", ({ request }) => {
    paths.push(new URL(request.url).pathname);
  });
  server.use(
    http.get("*/api/log/turno/1002/", () =>
      HttpResponse.json({
        count: 1,
        page: 1,
        results: [
          {
            id: 900,
            azione: "Modifica",
            data_ora: "2026-03-02T15:00:00.000Z",
            utente: { first_name: "Giulia", last_name: "Bianchi" },
            note: "Assegnata Esposito Giulia",
            content_type: "turno",
            object_id: "1002",
            related: [],
            dati: { change_log: [] },
          },
        ],
      }),
    ),
  );
  renderApp(ADVANCED, { as: "pianificatore" });
  const logs = await screen.findByRole("grid", { name: "Logs" }, { timeout: 15000 });
  expect(await within(logs).findByText("Assegnata Esposito Giulia", {}, { timeout: 15000 })).toBeTruthy();
  expect(paths).toContain("/api/log/turno/1002/");
  expect(paths).not.toContain("/api/log/list/");
  expect(screen.queryByText(/Non disponi di permessi/)).toBeNull();
  server.events.removeAllListeners();
});
