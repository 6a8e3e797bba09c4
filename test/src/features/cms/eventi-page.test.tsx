/**
 * /cms/eventi and /cms/eventi/{id} (issue 14 item 1): the add drawer (350 px) with its required
 * fields, the viewers from the V list ('Nessun utente trovato'), the POST body and the toast;
 * the record with gates, thresholds and devices.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { db } from "../../../../mocks/store";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
const SLOW = { timeout: 15000 };

describe("eventi", () => {
  test("the add drawer requires every field, then POSTs {data} and says 'Evento aggiunto correttamente'", async () => {
    const bodies: unknown[] = [];
    server.events.on("request:start", async ({ request }) => {
      if (request.method === "POST" && new URL(request.url).pathname === "/api/cms/eventi/")
        bodies.push(await request.clone().json());
    });
    renderApp("/cms/eventi", { as: "cms" });
    expect(await screen.findByRole("link", { name: "Concerto in piazza" }, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi evento" }));
    const form = await screen.findByRole("form", { name: "Nuovo evento" });
    fireEvent.click(within(form).getByRole("button", { name: "Aggiungi" }));
    await waitFor(() => expect(within(form).getAllByText("Questo campo è obbligatorio")).toHaveLength(7));
    expect(bodies).toEqual([]);

    const type = (name: RegExp, value: string) =>
      fireEvent.change(within(form).getByRole("textbox", { name }), { target: { value } });
    type(/^Titolo/, "Notte bianca");
    fireEvent.change(within(form).getByRole("textbox", { name: /^Descrizione/ }), {
      target: { value: "Negozi aperti" },
    });
    type(/^Indirizzo/, "Corso Italia");
    type(/^Città/, "Pisa");
    fireEvent.change(within(form).getByRole("combobox", { name: "Provincia" }), { target: { value: "PI" } });
    type(/^Data inizio/, "12/09/2026 20:00");
    type(/^Data fine/, "13/09/2026 02:00");
    fireEvent.click(within(form).getByRole("button", { name: "Aggiungi" }));
    expect(await screen.findByText("Evento aggiunto correttamente")).toBeTruthy();
    expect(bodies).toEqual([
      {
        data: {
          titolo: "Notte bianca",
          descrizione: "Negozi aperti",
          visualizzatori: [],
          indirizzo: "Corso Italia",
          citta: "Pisa",
          prov: "PI",
          contatore: false,
          data_inizio: "2026-09-12T20:00",
          data_fine: "2026-09-13T02:00",
          abilitato: true,
        },
      },
    ]);
    server.events.removeAllListeners();
  });

  test("the drawer is 350 px wide and says 'Nessun utente trovato' when there are no viewers", async () => {
    server.use(http.get("*/api/cms/utenti/", () => HttpResponse.json({ results: [], count: 0, page: 1 })));
    renderApp("/cms/eventi", { as: "cms" });
    fireEvent.click(await screen.findByRole("button", { name: "Aggiungi evento" }, SLOW));
    const form = await screen.findByRole("form", { name: "Nuovo evento" });
    expect(await within(form).findByText("Nessun utente trovato")).toBeTruthy();
    const content = form.closest("[data-part=content]") as HTMLElement;
    expect(getComputedStyle(content).width).toBe("350px");
  });

  test("the record shows gates, thresholds and devices; a gate is added", async () => {
    renderApp("/cms/eventi/1", { as: "cms" });
    const varchi = await screen.findByRole("table", { name: "Varchi" }, SLOW);
    expect(within(varchi).getByText("Varco Nord")).toBeTruthy();
    expect(within(varchi).getByText("800 / 950")).toBeTruthy();
    expect((screen.getByRole("spinbutton", { name: /Soglia di attenzione/ }) as HTMLInputElement).value).toBe("80");
    expect(within(screen.getByRole("table", { name: "Dispositivi di conteggio" })).getByText("CP-001")).toBeTruthy();
    // the stewards who may sign in to the counting app: Paolo Conti is linked
    expect(await screen.findByText("Addetti al conteggio")).toBeTruthy();
    expect(screen.getAllByText("Conti Paolo").length).toBeGreaterThan(0);
    fireEvent.click(
      within(varchi.parentElement?.parentElement as HTMLElement).getAllByRole("button", { name: "Aggiungi" })[0],
    );
    const dialog = await screen.findByRole("dialog", { name: "Nuovo varco" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Nome/ }), { target: { value: "Varco Ovest" } });
    fireEvent.change(within(dialog).getByRole("spinbutton", { name: /Capienza/ }), { target: { value: "250" } });
    fireEvent.click(within(dialog).getByRole("button", { name: /Salva|Aggiungi/ }));
    await waitFor(() => expect(db.cmsEventi[0].varchi.map((v) => v.nome)).toContain("Varco Ovest"));
  });

  test("a cms_admin deletes the event from its record after the confirmation, then sees the list", async () => {
    const deleted: string[] = [];
    server.events.on("request:start", ({ request }) => {
      if (request.method === "DELETE") deleted.push(new URL(request.url).pathname);
    });
    const { router } = renderApp("/cms/eventi/1", { as: "cms" });
    const titolo = db.cmsEventi[0].titolo;
    await screen.findByRole("heading", { name: titolo }, SLOW);
    fireEvent.click(screen.getByRole("button", { name: "Elimina l'evento" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(
      within(dialog).getByText("Sei sicuro di voler eliminare questo evento? l'operazione non potrà essere annullata"),
    ).toBeTruthy();
    expect(deleted).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Elimina" }));
    expect(await screen.findByText("Evento eliminato con successo", {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/cms/eventi"));
    expect(deleted).toEqual(["/api/cms/eventi/1/"]);
    const grid = await screen.findByRole("grid", { name: "Eventi" }, SLOW);
    await waitFor(() => expect(within(grid).queryByRole("link", { name: titolo })).toBeNull());
    server.events.removeAllListeners();
  });

  test("a refused deletion shows the server's message and the event stays", async () => {
    server.use(
      http.delete("*/api/cms/eventi/:id/", () =>
        HttpResponse.json({ detail: "L'evento ha conteggi registrati" }, { status: 409 }),
      ),
    );
    const { router } = renderApp("/cms/eventi/1", { as: "cms" });
    fireEvent.click(await screen.findByRole("button", { name: "Elimina l'evento" }, SLOW));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Elimina" }));
    expect(await screen.findByText("L'evento ha conteggi registrati", {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe("/cms/eventi/1");
  });

  test("without cms_admin there is no 'Elimina' on the record", async () => {
    const user = db.users.find((u) => u.username === "cms");
    if (user) user.permissions = ["cms_edit"];
    renderApp("/cms/eventi/1", { as: "cms" });
    await screen.findByRole("heading", { name: db.cmsEventi[0].titolo }, SLOW);
    expect(screen.getByRole("button", { name: "Salva modifiche" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Elimina l'evento" })).toBeNull();
  });
});
