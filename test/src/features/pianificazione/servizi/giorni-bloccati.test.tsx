/**
 * Past days are locked (issue 15 item 3): the service's answer says up to which day
 * (bloccato_fino_al). A planner sees 'Bloccato' instead of the day's and shifts' buttons; a holder
 * of erp_contratti_deroghe edits them giving the reason, sent as ?deroga=; removing a locked
 * shift asks the reason instead of a plain confirmation; an operator's removal refused as
 * giorno_passato is sent again with the reason given in 'Deroga con motivazione'.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { db } from "../../../../../mocks/store";
import { setupMockServer } from "../../../helpers/msw";
import { renderApp } from "../../../helpers/render-app";

const server = setupMockServer();
const PAGE = "/pianificazione/contratti/1/servizi/1/assegnazione-risorse";
const PASSATO =
  "Il giorno è già passato: il registro dei turni è bloccato, per modificarlo serve una deroga con motivazione";

function lockUntil(day: string) {
  db.servizi[1][0] = { ...db.servizi[1][0], bloccato_fino_al: day };
}

function recordWrites() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  server.events.on("request:start", async ({ request }) => {
    if (request.method === "GET") return;
    const text = await request.clone().text();
    const u = new URL(request.url);
    calls.push({ method: request.method, url: u.pathname + u.search, body: text ? JSON.parse(text) : null });
  });
  return calls;
}

describe("locked past days", () => {
  afterEach(() => server.events.removeAllListeners());

  test("a planner sees the locked days read only, the others editable", async () => {
    lockUntil("2026-03-03");
    renderApp(PAGE, { as: "pianificatore" });
    const locked = await screen.findByTestId("turno-1001", {}, { timeout: 15000 });
    expect(within(locked).getByText("Bloccato")).toBeTruthy();
    expect(within(locked).queryByRole("button", { name: /^Modifica il turno/ })).toBeNull();
    const open = screen.getByTestId("turno-1005");
    expect(within(open).getByRole("button", { name: /^Modifica il turno/ })).toBeTruthy();
    expect(within(open).queryByText("Bloccato")).toBeNull();
  });

  test("a holder of erp_contratti_deroghe changes a locked shift giving the reason", async () => {
    lockUntil("2026-03-03");
    const calls = recordWrites();
    renderApp(PAGE, { as: "admin" });
    const cell = await screen.findByTestId("turno-1001", {}, { timeout: 15000 });
    fireEvent.click(within(cell).getByRole("button", { name: "Modifica il turno 08:00–14:00 del 02/03/2026" }));
    const form = await screen.findByRole("dialog", {}, { timeout: 15000 });
    fireEvent.change(within(form).getByRole("spinbutton", { name: "Operatori richiesti" }), {
      target: { value: "2" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect(await within(form).findByText("Questo campo è obbligatorio")).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.change(within(form).getByRole("textbox", { name: "Motivazione della deroga (giorno passato)" }), {
      target: { value: "Richiesta scritta del cliente" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].method).toBe("PUT");
    expect(calls[0].url).toBe(
      "/api/pianificazione/contratti/1/servizi/1/giorni/101/turni/1001/?deroga=Richiesta+scritta+del+cliente",
    );
    expect((calls[0].body as { data: { operatori_richiesti: number } }).data.operatori_richiesti).toBe(2);

    // Removing a locked shift asks the reason rather than a plain confirmation.
    fireEvent.click(within(cell).getByRole("button", { name: "Elimina il turno 08:00–14:00 del 02/03/2026" }));
    const remove = await screen.findByRole("dialog", { name: /giorno passato/ }, { timeout: 15000 });
    expect(within(remove).getByRole("textbox", { name: "Motivazione della deroga (giorno passato)" })).toBeTruthy();
  });

  test("an operator's removal refused as a past day is sent again with the reason", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post("*/turni/1001/operatori/", async ({ request }) => {
        const body = (await request.json()) as { data: { deroga?: string } };
        bodies.push(body);
        if (!body.data.deroga)
          return HttpResponse.json(
            {
              detail: PASSATO,
              reason: "giorno_passato",
              reasons: [{ code: "giorno_passato", message: PASSATO }],
              derogabile: true,
            },
            { status: 409 },
          );
        return HttpResponse.json({ result: "OK", operatore: null, warnings: [] });
      }),
    );
    renderApp(PAGE, { as: "admin" });
    const cell = await screen.findByTestId("turno-1001", {}, { timeout: 15000 });
    fireEvent.click(within(cell).getByRole("button", { name: "Rimuovi Bianchi Luca" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Rimuovi operatore confermato" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Rimuovi" }));
    // The refusal begins with whom it is about (issue 32 item 2).
    await within(cell).findByText(new RegExp(`${PASSATO}$`), {}, { timeout: 15000 });
    fireEvent.click(within(cell).getByRole("button", { name: "Deroga con motivazione" }));
    const dialog = await screen.findByRole("dialog", { name: "Deroga ai limiti" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Motivazione" }), {
      target: { value: "Operatore sostituito, comunicato dal cliente" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({
      data: { operatore: { id: 1 }, add: false, deroga: "Operatore sostituito, comunicato dal cliente" },
    });
    await waitFor(() =>
      expect(within(screen.getByTestId("turno-1001")).queryByText(new RegExp(`${PASSATO}$`))).toBeNull(),
    );
  });
});
