/**
 * Changing the plan in the screen (issue 15 item 1): the service's heading is its description, the
 * grid opens on its first month, the service is edited and deleted from its page, days and shifts
 * are added, moved, changed and removed from the grid — each save says 'Modifiche salvate
 * correttamente: Aggiorno i dati...' and the grid shows the new plan —, a refused removal shows the
 * server's reason, and removing a confirmed operator asks first.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { setupMockServer } from "../../../helpers/msw";
import { renderApp } from "../../../helpers/render-app";
import { typeText } from "../../../helpers/type-text";

const server = setupMockServer();
const S = "/api/pianificazione/contratti/1/servizi/1/";
const PAGE = "/pianificazione/contratti/1/servizi/1/assegnazione-risorse";
const RELOAD = "Modifiche salvate correttamente: Aggiorno i dati...";

function recordWrites() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  server.events.on("request:start", async ({ request }) => {
    if (request.method === "GET") return;
    const text = await request.clone().text();
    calls.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
  });
  return calls;
}

/** The open dialog (a dialog just closed may still be in the DOM while it leaves: data-state="closed"). */
const dialog = async () => {
  let open: HTMLElement | undefined;
  await waitFor(
    () => {
      open = screen.queryAllByRole("dialog").find((d) => d.getAttribute("data-state") === "open");
      expect(open).toBeTruthy();
    },
    { timeout: 15000 },
  );
  return open as HTMLElement;
};

describe("changing the plan of a service", () => {
  afterEach(() => server.events.removeAllListeners());

  test("heading is the description; the grid opens on the service's first month, not today's", async () => {
    renderApp(PAGE, { as: "pianificatore" });
    expect(
      await screen.findByRole("heading", { name: "Piantonamento ingresso clienti" }, { timeout: 15000 }),
    ).toBeTruthy();
    expect(await screen.findByTestId("turno-1001", {}, { timeout: 15000 })).toBeTruthy();
    expect(screen.getByText("marzo 2026")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Servizio 1" })).toBeNull();
  });

  test("editing the service sends what the form names, says the grid reloads and shows the new heading", async () => {
    const calls = recordWrites();
    renderApp(PAGE, { as: "pianificatore" });
    fireEvent.click(await screen.findByRole("button", { name: "Modifica servizio" }, { timeout: 15000 }));
    const form = await dialog();
    fireEvent.change(within(form).getByRole("textbox", { name: "Descrizione" }), {
      target: { value: "Presidio notturno" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText(RELOAD)).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Presidio notturno" })).toBeTruthy();
    expect(calls).toEqual([
      {
        method: "PUT",
        path: S,
        body: {
          data: {
            dal: "2026-03-02",
            al: "2026-03-08",
            descrizione: "Presidio notturno",
            indirizzo: "Via Roma 12, Bergamo",
          },
        },
      },
    ]);
  });

  test("a shift's times, head count and qualification are changed from the grid, which shows them", async () => {
    const calls = recordWrites();
    renderApp(PAGE, { as: "pianificatore" });
    const cell = await screen.findByTestId("turno-1003", {}, { timeout: 15000 });
    fireEvent.click(within(cell).getByRole("button", { name: "Modifica il turno 08:00–14:00 del 03/03/2026" }));
    const form = await dialog();
    fireEvent.change(within(form).getByLabelText(/^Fine\s*\*?$/), { target: { value: "15:30" } });
    fireEvent.change(within(form).getByRole("spinbutton", { name: "Operatori richiesti" }), {
      target: { value: "3" },
    });
    fireEvent.change(within(form).getByRole("combobox", { name: "Qualifica" }), { target: { value: "3" } });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText(RELOAD)).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId("turno-1003")).getByText("08:00–15:30")).toBeTruthy());
    expect(within(screen.getByTestId("turno-1003")).getByText(/^Richiesti 3/)).toBeTruthy();
    expect(calls).toEqual([
      {
        method: "PUT",
        path: `${S}giorni/102/turni/1003/`,
        body: {
          data: {
            inizio_f1: "08:00:00",
            fine_f1: "15:30:00",
            inizio_f2: null,
            fine_f2: null,
            posizione: 3,
            operatori_richiesti: 3,
            note: "",
          },
        },
      },
    ]);
  });

  test("a bad time is refused in the form and nothing is sent", async () => {
    const calls = recordWrites();
    renderApp(PAGE, { as: "pianificatore" });
    const cell = await screen.findByTestId("turno-1003", {}, { timeout: 15000 });
    fireEvent.click(within(cell).getByRole("button", { name: /^Modifica il turno/ }));
    const form = await dialog();
    fireEvent.change(within(form).getByLabelText(/^Inizio 2ª fascia/), { target: { value: "16:00" } });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect(await within(form).findByText("Indica anche la fine della seconda fascia")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  test("removing a shift with operators says so and offers to remove them with it (issue 32 item 3)", async () => {
    const calls = recordWrites();
    const asked: string[] = [];
    server.use(
      http.delete(`*${S}giorni/101/turni/1001/`, ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ result: "OK" });
      }),
    );
    renderApp(PAGE, { as: "pianificatore" });
    const cell = await screen.findByTestId("turno-1001", {}, { timeout: 15000 });
    fireEvent.click(within(cell).getByRole("button", { name: "Elimina il turno 08:00–14:00 del 02/03/2026" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(
      within(confirm).getByText(
        "Il turno 08:00–14:00 del 02/03/2026 ha 1 operatore assegnato (Bianchi Luca): verrà rimosso dal turno e il turno eliminato. La rimozione resta nel registro dei turni. L'operazione non potrà essere annullata.",
      ),
    ).toBeTruthy();
    expect(within(confirm).queryByRole("button", { name: "Elimina" })).toBeNull();
    fireEvent.click(within(confirm).getByRole("button", { name: "Rimuovi gli operatori ed elimina" }));
    await waitFor(() => expect(asked).toEqual(["?rimuovi_operatori=true"]));
    expect(calls.map((c) => c.method)).toEqual(["DELETE"]);
    server.events.removeAllListeners();
  });

  test("a shift without operators is removed; a day gets a new shift; a day is added and removed", async () => {
    server.use(
      http.post(`*${S}giorni/`, () =>
        HttpResponse.json(
          {
            detail: "Si è verificato un errore di validazione. Controlla i campi contrassegnati e riprova",
            errors: { giorno: "Il giorno è fuori dal periodo del servizio" },
          },
          { status: 400 },
        ),
      ),
    );
    const calls = recordWrites();
    renderApp(PAGE, { as: "pianificatore" });
    const cell = await screen.findByTestId("turno-1004", {}, { timeout: 15000 });
    fireEvent.click(within(cell).getByRole("button", { name: /^Elimina il turno/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Elimina" }));
    await waitFor(() => expect(screen.queryByTestId("turno-1004")).toBeNull());

    fireEvent.click(await screen.findByRole("button", { name: "Aggiungi turno il 03/03/2026" }));
    let form = await dialog();
    fireEvent.change(within(form).getByLabelText(/^Inizio\s*\*?$/), { target: { value: "22:00" } });
    fireEvent.change(within(form).getByLabelText(/^Fine\s*\*?$/), { target: { value: "06:00" } });
    fireEvent.change(within(form).getByRole("combobox", { name: "Qualifica" }), { target: { value: "1" } });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText("22:00–06:00")).toBeTruthy();

    fireEvent.click(await screen.findByRole("button", { name: "Aggiungi giorno" }));
    form = await dialog();
    fireEvent.change(within(form).getByLabelText(/^Giorno/), { target: { value: "2026-03-09" } });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    // The server refuses the day (outside the service's period): its reason under the field.
    expect(await within(form).findByText("Il giorno è fuori dal periodo del servizio")).toBeTruthy();
    fireEvent.click(within(form).getByRole("button", { name: "Annulla" }));

    fireEvent.click(await screen.findByRole("button", { name: "Elimina il giorno 08/03/2026" }));
    fireEvent.click(await screen.findByRole("button", { name: "Elimina" }));
    await waitFor(() => expect(screen.queryByText("08/03/2026")).toBeNull());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `DELETE ${S}giorni/102/turni/1004/`,
      `POST ${S}giorni/102/turni/`,
      `POST ${S}giorni/`,
      `DELETE ${S}giorni/107/`,
    ]);
    expect(calls[1].body).toEqual({
      data: {
        inizio_f1: "22:00:00",
        fine_f1: "06:00:00",
        inizio_f2: null,
        fine_f2: null,
        posizione: 1,
        operatori_richiesti: 1,
        note: "",
      },
    });
  });

  test("removing a confirmed operator asks first; an unconfirmed one goes at once, with Annulla in the toast", async () => {
    const calls = recordWrites();
    renderApp(PAGE, { as: "pianificatore" });
    const morning = await screen.findByTestId("turno-1001", {}, { timeout: 15000 });
    fireEvent.click(within(morning).getByRole("button", { name: "Rimuovi Bianchi Luca" }));
    expect(
      await screen.findByText("Bianchi Luca è già confermato su questo turno. Vuoi davvero rimuoverlo?"),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Annulla" }));
    expect(calls).toEqual([]);
    // (the page is hidden from assistive technology until the dialog has gone)
    fireEvent.click(await within(morning).findByRole("button", { name: "Rimuovi Bianchi Luca" }));
    fireEvent.click(await screen.findByRole("button", { name: "Rimuovi" }));
    await waitFor(() => expect(within(screen.getByTestId("turno-1001")).queryByText(/Bianchi Luca/)).toBeNull());
    expect(calls[0]).toEqual({
      method: "POST",
      path: `${S}giorni/101/turni/1001/operatori/`,
      body: { data: { operatore: { id: 1 }, add: false } },
    });

    const afternoon = screen.getByTestId("turno-1002");
    fireEvent.click(within(afternoon).getByRole("button", { name: "Rimuovi Esposito Giulia" }));
    await waitFor(() => expect(within(screen.getByTestId("turno-1002")).queryByText(/Esposito Giulia/)).toBeNull());
    expect(calls).toHaveLength(2);
    // Gone at once, with 'Annulla' in the toast (issue 32 item 3): it assigns her again.
    const toast = (await screen.findByText("Esposito Giulia rimosso dal turno")).closest(
      '[role="status"]',
    ) as HTMLElement;
    fireEvent.click(within(toast).getByRole("button", { name: "Annulla" }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toEqual({
      method: "POST",
      path: `${S}giorni/101/turni/1002/operatori/`,
      body: { data: { operatore: { id: 2 }, add: true } },
    });
  });

  test("deleting the service asks first and goes back to the contract's services", async () => {
    server.use(http.delete(`*${S}`, () => HttpResponse.json({ result: "OK" })));
    const { router } = renderApp(PAGE, { as: "pianificatore" });
    fireEvent.click(
      await screen.findByRole(
        "button",
        { name: 'Elimina il servizio "Piantonamento ingresso clienti"' },
        { timeout: 15000 },
      ),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Elimina" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/pianificazione/contratti/1/servizi"));
  });

  test("a week is copied onto the next weeks and the service extended, from the service's heading", async () => {
    const answer = { giorni_creati: ["2026-03-09"], turni_creati: 2, giorni_esistenti: [] };
    server.use(
      http.post(`*${S}copia-settimana/`, () => HttpResponse.json(answer)),
      http.post(`*${S}estendi/`, () => HttpResponse.json(answer)),
    );
    const calls = recordWrites();
    renderApp(PAGE, { as: "pianificatore" });
    fireEvent.click(await screen.findByRole("button", { name: "Copia settimana" }, { timeout: 15000 }));
    let form = await dialog();
    const settimane = within(form).getByRole("spinbutton", { name: /Numero di settimane/ });
    fireEvent.change(settimane, { target: { value: "3" } });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText(RELOAD)).toBeTruthy();

    fireEvent.click(await screen.findByRole("button", { name: "Estendi servizio" }));
    form = await dialog();
    typeText(within(form).getByRole("textbox", { name: /^Dal/ }), "09032026");
    typeText(within(form).getByRole("textbox", { name: /^Al/ }), "15032026");
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls).toEqual([
      { method: "POST", path: `${S}copia-settimana/`, body: { data: { settimana: "2026-03-02", settimane: 3 } } },
      { method: "POST", path: `${S}estendi/`, body: { data: { dal: "2026-03-09", al: "2026-03-15" } } },
    ]);
  });

  test("a holder of erp_contratti_deroghe may give the reason when a copy, an extension or a removal touches past days (issue 30 item 9)", async () => {
    const answer = { giorni_creati: ["2026-03-09"], turni_creati: 2, giorni_esistenti: [] };
    const urls: string[] = [];
    server.use(
      http.post(`*${S}copia-settimana/`, ({ request }) => {
        urls.push(request.url);
        return HttpResponse.json(answer);
      }),
      http.delete(`*${S}`, ({ request }) => {
        urls.push(request.url);
        return HttpResponse.json({ result: "OK" });
      }),
    );
    const { router } = renderApp(PAGE, { as: "admin" });
    fireEvent.click(await screen.findByRole("button", { name: "Copia settimana" }, { timeout: 15000 }));
    const form = await dialog();
    fireEvent.change(within(form).getByRole("textbox", { name: /Motivazione della deroga/ }), {
      target: { value: "Piano storico" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText(RELOAD)).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Elimina servizio" }));
    const del = await dialog();
    fireEvent.click(within(del).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/pianificazione/contratti/1/servizi"));
    expect(urls.map((u) => new URL(u).searchParams.get("deroga"))).toEqual(["Piano storico", null]);
  });
});
