/**
 * The small tabs of a contract and a service on the child-table kit (prezzi, compensi, non graditi,
 * costi, servizi): the table from the API, "Aggiungi" sending what was typed, the confirmation
 * before a delete, the field errors shown where the user looks, and a failed load said as such.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { created } from "../../../../../mocks/crud";
import { db } from "../../../../../mocks/store";
import { setupMockServer } from "../../../helpers/msw";
import { renderApp } from "../../../helpers/render-app";
import { typeText } from "../../../helpers/type-text";

const server = setupMockServer();

function posted(path: string) {
  const bodies: unknown[] = [];
  server.events.on("request:start", async ({ request }) => {
    if (request.method === "POST" && new URL(request.url).pathname.endsWith(path)) {
      bodies.push(await request.clone().json());
    }
  });
  return bodies;
}

describe("contract and service row tabs", () => {
  afterEach(() => server.events.removeAllListeners());

  test("prezzi: lists, adds a price with its surcharges and deletes one after confirming", async () => {
    const sent = posted("/prezzi/");
    // The server's answer names the qualification.
    const fiduciari = { id: 3, descrizione: "Addetto ai servizi fiduciari" };
    server.use(
      http.post("*/api/pianificazione/contratti/1/prezzi/", () =>
        created(db.prezzi[1], {
          id: 2,
          posizione: fiduciari,
          posizione_descrizione: fiduciari.descrizione,
          prezzo_orario: 19.9,
          maggiorazione_notturna: 10,
          maggiorazione_festiva: 0,
          maggiorazione_domenicale: 0,
        }),
      ),
    );
    renderApp("/pianificazione/contratti/1/prezzi", { as: "admin" });
    const table = await screen.findByRole("table", { name: "Prezzi" }, { timeout: 15000 });
    expect(within(table).getByText("Guardia particolare giurata")).toBeTruthy();
    expect(within(table).getByText("24,50 €")).toBeTruthy();

    const form = screen.getByRole("form", { name: "Nuovo prezzo" });
    fireEvent.change(within(form).getByRole("combobox", { name: "Qualifica" }), { target: { value: "3" } });
    fireEvent.change(within(form).getByRole("spinbutton", { name: "Prezzo orario (€)" }), {
      target: { value: "19.90" },
    });
    fireEvent.change(within(form).getByRole("spinbutton", { name: "Notturno %" }), { target: { value: "10" } });
    fireEvent.click(within(form).getByRole("button", { name: "Aggiungi" }));
    expect(await within(table).findByText("Addetto ai servizi fiduciari")).toBeTruthy();
    expect(within(table).getByText("19,90 €")).toBeTruthy();
    expect(sent).toEqual([
      {
        data: {
          posizione: 3,
          prezzo_orario: "19.90",
          maggiorazione_notturna: "10",
          maggiorazione_festiva: "0",
          maggiorazione_domenicale: "0",
        },
      },
    ]);
    expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Elimina il prezzo di Guardia particolare giurata" }));
    expect(
      await screen.findByText(/Sei sicuro di voler eliminare il prezzo di Guardia particolare giurata\?/),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Elimina" }));
    await waitFor(() => expect(within(table).queryByText("Guardia particolare giurata")).toBeNull());
    expect(within(table).getByText("Addetto ai servizi fiduciari")).toBeTruthy();
  });

  test("compensi: without a qualification the browser's required check stops the form, nothing is sent", async () => {
    const sent = posted("/compensi/");
    renderApp("/pianificazione/contratti/1/compensi", { as: "admin" });
    const table = await screen.findByRole("table", { name: "Compensi" }, { timeout: 15000 });
    expect(within(table).getByText("11,20 €")).toBeTruthy();
    const form = screen.getByRole("form", { name: "Nuovo compenso" });
    const qualifica = within(form).getByRole("combobox", { name: "Qualifica" }) as HTMLSelectElement;
    expect(qualifica.validity.valueMissing).toBe(true);
    fireEvent.change(within(form).getByRole("spinbutton", { name: "Compenso orario (€)" }), {
      target: { value: "12" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Aggiungi" }));
    // and final-form's own check, for a browser that does not validate: the message under the field
    fireEvent.submit(form);
    expect(await within(form).findByText("Questo campo è obbligatorio")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  test("non graditi: 'Aggiungi' without an operator says so under the operator field", async () => {
    const sent = posted("/non-graditi/");
    renderApp("/pianificazione/contratti/1/operatori-non-graditi", { as: "admin" });
    const table = await screen.findByRole("table", { name: "Operatori non graditi" }, { timeout: 15000 });
    expect(within(table).getByText("Colombo Andrea")).toBeTruthy();
    const form = screen.getByRole("form", { name: "Nuovo operatore non gradito" });
    fireEvent.change(within(form).getByRole("textbox", { name: "Motivo" }), { target: { value: "Ritardi" } });
    fireEvent.click(within(form).getByRole("button", { name: "Aggiungi" }));
    expect(await within(form).findByText("Questo campo è obbligatorio")).toBeTruthy();
    expect(sent).toEqual([]);
    expect(within(form).getByRole("textbox", { name: "Motivo" })).toHaveProperty("value", "Ritardi");
  });

  test("costi of a service: adds a cost in a dialog and edits one", async () => {
    const writes: { method: string; path: string; body: unknown }[] = [];
    server.events.on("request:start", async ({ request }) => {
      if (request.method !== "GET")
        writes.push({
          method: request.method,
          path: new URL(request.url).pathname,
          body: await request.clone().json(),
        });
    });
    renderApp("/pianificazione/contratti/1/servizi/1/costi", { as: "admin" });
    const table = await screen.findByRole("table", { name: "Costi" }, { timeout: 15000 });
    expect(within(table).getByText("Carburante")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi" }));
    let form = await screen.findByRole("dialog", { name: "Nuovo costo" });
    fireEvent.change(within(form).getByRole("textbox", { name: "Tipo" }), { target: { value: "Pedaggio" } });
    fireEvent.change(within(form).getByRole("spinbutton", { name: "Importo (€)" }), { target: { value: "12.40" } });
    const data = within(form).getByRole("textbox", { name: /^Data/ }) as HTMLInputElement;
    typeText(data, "05032026");
    expect(data.value).toBe("05/03/2026");
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect(await within(table).findByText("Pedaggio")).toBeTruthy();
    expect(within(table).getByText("12,40 €")).toBeTruthy();

    const row = within(table).getByText("Carburante").closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Modifica" }));
    form = await screen.findByRole("dialog", { name: "Modifica costo" });
    expect(within(form).getByRole("textbox", { name: "Tipo" })).toHaveProperty("value", "Carburante");
    fireEvent.change(within(form).getByRole("spinbutton", { name: "Importo (€)" }), { target: { value: "50" } });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect(await within(table).findByText("50,00 €")).toBeTruthy();
    expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([
      "POST /api/pianificazione/contratti/1/servizi/1/costi/",
      "PUT /api/pianificazione/contratti/1/servizi/1/costi/1/",
    ]);
    // An edit sends only what changed.
    expect(writes[1].body).toEqual({ data: { importo: "50" } });
  });

  test("dotazioni of a service: edits one without touching its operator, deletes one after confirming", async () => {
    const writes: { method: string; path: string; body: unknown }[] = [];
    server.events.on("request:start", async ({ request }) => {
      if (request.method !== "GET")
        writes.push({
          method: request.method,
          path: new URL(request.url).pathname,
          body: await request.clone().text(),
        });
    });
    renderApp("/pianificazione/contratti/1/servizi/1/dotazioni", { as: "admin" });
    const table = await screen.findByRole("table", { name: "Dotazioni" }, { timeout: 15000 });
    const row = within(table).getByText("Radio portatile").closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Modifica" }));
    const form = await screen.findByRole("dialog", { name: "Modifica dotazione" });
    fireEvent.change(within(form).getByRole("spinbutton", { name: "Quantità" }), { target: { value: "3" } });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(writes).toHaveLength(1));
    const sent = JSON.parse(String(writes[0].body)).data;
    expect(sent.quantita).toBe(3);
    expect("operatore" in sent).toBe(false);

    fireEvent.click(await screen.findByRole("button", { name: 'Elimina la dotazione "Radio portatile"' }));
    fireEvent.click(await screen.findByRole("button", { name: "Elimina" }));
    await waitFor(() => expect(within(table).queryByText("Radio portatile")).toBeNull());
    expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([
      "PUT /api/pianificazione/contratti/1/servizi/1/dotazioni/1/",
      "DELETE /api/pianificazione/contratti/1/servizi/1/dotazioni/1/",
    ]);
  });

  test("servizi: 'Nuovo servizio' takes DD/MM/YYYY days and 24-hour shift times and sends them as ISO", async () => {
    const bodies: Record<string, unknown>[] = [];
    server.events.on("request:start", async ({ request }) => {
      if (request.method === "POST" && request.url.endsWith("/api/pianificazione/contratti/1/servizi/"))
        bodies.push(((await request.clone().json()) as { data: Record<string, unknown> }).data);
    });
    renderApp("/pianificazione/contratti/1/servizi", { as: "admin" });
    fireEvent.click(await screen.findByRole("button", { name: "Nuovo servizio" }, { timeout: 15000 }));
    const form = screen.getByRole("form", { name: "Nuovo servizio" });
    const field = (name: RegExp) => within(form).getByRole("textbox", { name }) as HTMLInputElement;
    typeText(field(/^Dal/), "01122026");
    typeText(field(/^Al/), "3/12/2026");
    const turno = within(form).getByRole("group", { name: "Turno 1" });
    const inizio = within(turno).getByRole("textbox", { name: /^Inizio\s*\*?$/ }) as HTMLInputElement;
    const fine = within(turno).getByRole("textbox", { name: /^Fine\s*\*?$/ }) as HTMLInputElement;
    typeText(inizio, "2000");
    typeText(fine, "8:00");
    expect([field(/^Dal/).value, field(/^Al/).value, inizio.value, fine.value]).toEqual([
      "01/12/2026",
      "03/12/2026",
      "20:00",
      "08:00",
    ]);
    const qualifica = within(turno).getByRole("combobox", { name: "Qualifica" }) as HTMLSelectElement;
    fireEvent.change(qualifica, { target: { value: qualifica.options[1].value } });
    fireEvent.click(within(form).getByRole("button", { name: "Crea servizio" }));
    expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      dal: "2026-12-01",
      al: "2026-12-03",
      turni: [{ inizio_f1: "20:00:00", fine_f1: "08:00:00", inizio_f2: null, fine_f2: null }],
    });
    server.events.removeAllListeners();
  });

  test("servizi: a list that fails to load shows the server's message, not an empty list", async () => {
    server.use(
      http.get("*/api/pianificazione/contratti/1/servizi/", () =>
        HttpResponse.json({ detail: "Servizio temporaneamente non disponibile" }, { status: 503 }),
      ),
    );
    renderApp("/pianificazione/contratti/1/servizi", { as: "admin" });
    expect(
      await screen.findByText(
        "Si è verificato un errore (Servizio temporaneamente non disponibile)",
        {},
        { timeout: 15000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByText("Nessun risultato trovato")).toBeNull();
  });
});
