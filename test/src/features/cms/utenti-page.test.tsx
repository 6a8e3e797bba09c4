/**
 * /cms/utenti (issue 14 item 2): the add/edit drawer — an ERP operator chosen through the search
 * (500 ms debounce, 'Nessun operatore trovato') fills and disables first_name, last_name,
 * cellulare, email, password; required fields otherwise; 'Applica' only once the form changed;
 * codice_accesso read-only, creato_il 'YYYY-MM-DD HH:mm'; deletion after SPEC §8's confirmation.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { db } from "../../../../mocks/store";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
const SLOW = { timeout: 15000 };

function captureBodies(method: string, path: RegExp) {
  const bodies: unknown[] = [];
  server.events.on("request:start", async ({ request }) => {
    if (request.method === method && path.test(new URL(request.url).pathname))
      bodies.push(request.body ? await request.clone().json() : null);
  });
  return bodies;
}

afterEach(() => server.events.removeAllListeners());

describe("utenti CMS", () => {
  test("choosing an ERP operator fills and disables the person's fields; the POST links it", async () => {
    const searches: string[] = [];
    server.events.on("request:start", ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === "/api/cms/utenti/erp/") searches.push(url.search);
    });
    const bodies = captureBodies("POST", /^\/api\/cms\/utenti\/$/);
    renderApp("/cms/utenti", { as: "cms" });
    fireEvent.click(await screen.findByRole("button", { name: "Aggiungi utente" }, SLOW));
    const form = await screen.findByRole("form", { name: "Nuovo utente" });
    const search = within(form).getByRole("combobox", { name: "Utente ERP" });
    fireEvent.change(search, { target: { value: "nessuno" } });
    expect(await within(form).findByText("Nessun operatore trovato", undefined, SLOW)).toBeTruthy();
    fireEvent.change(search, { target: { value: "f" } });
    fireEvent.change(search, { target: { value: "fer" } });
    fireEvent.click(await within(form).findByRole("option", { name: /Ferraresi Giulia/ }, SLOW));
    // one request per pause of 500 ms, not one per keystroke
    expect(searches).toEqual(["?global=nessuno&page_size=50", "?global=fer&page_size=50"]);
    for (const [name, value] of [
      [/^Nome/, "Giulia"],
      [/^Cognome/, "Ferraresi"],
      [/^Cellulare/, "3470001111"],
      [/^Email/, "g.ferraresi@example.it"],
    ] as const) {
      const input = within(form).getByRole("textbox", { name }) as HTMLInputElement;
      expect([input.value, input.disabled]).toEqual([value, true]);
    }
    expect((form.querySelector('input[name="password"]') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(form).getByRole("button", { name: "Applica" }));
    expect(await within(form).findByText("Questo campo è obbligatorio")).toBeTruthy(); // tipologia
    fireEvent.change(within(form).getByRole("combobox", { name: "Tipologia" }), { target: { value: "S" } });
    fireEvent.click(within(form).getByRole("button", { name: "Applica" }));
    expect(await screen.findByText("Utente aggiunto con successo")).toBeTruthy();
    expect(bodies).toEqual([{ data: { utente_erp: 8, tipologia: "S", attivo: true } }]);
  });

  test("without an operator first_name, last_name and cellulare are required; email and password are not", async () => {
    const bodies = captureBodies("POST", /^\/api\/cms\/utenti\/$/);
    renderApp("/cms/utenti", { as: "cms" });
    fireEvent.click(await screen.findByRole("button", { name: "Aggiungi utente" }, SLOW));
    const form = await screen.findByRole("form", { name: "Nuovo utente" });
    fireEvent.click(within(form).getByRole("button", { name: "Applica" }));
    await waitFor(() => expect(within(form).getAllByText("Questo campo è obbligatorio")).toHaveLength(4));
    fireEvent.change(within(form).getByRole("textbox", { name: /^Nome/ }), { target: { value: "Ada" } });
    fireEvent.change(within(form).getByRole("textbox", { name: /^Cognome/ }), { target: { value: "Riva" } });
    fireEvent.change(within(form).getByRole("textbox", { name: /^Cellulare/ }), { target: { value: "3339876543" } });
    fireEvent.change(within(form).getByRole("combobox", { name: "Tipologia" }), { target: { value: "O" } });
    fireEvent.click(within(form).getByRole("button", { name: "Applica" }));
    expect(await screen.findByText("Utente aggiunto con successo")).toBeTruthy();
    expect(bodies).toEqual([
      {
        data: {
          utente_erp: null,
          tipologia: "O",
          attivo: true,
          first_name: "Ada",
          last_name: "Riva",
          cellulare: "3339876543",
          email: "",
        },
      },
    ]);
  });

  test("on edit 'Applica' waits for a change, the code is read-only, creato_il is YYYY-MM-DD HH:mm; the PUT sends only the change", async () => {
    const bodies = captureBodies("PUT", /^\/api\/cms\/utenti\/2\/$/);
    renderApp("/cms/utenti", { as: "cms" });
    fireEvent.click(await screen.findByRole("button", { name: "Modifica Sara Galli" }, SLOW));
    const form = await screen.findByRole("form", { name: "Modifica utente" });
    const applica = within(form).getByRole("button", { name: "Applica" }) as HTMLButtonElement;
    expect(applica.disabled).toBe(true);
    const codice = within(form).getByRole("textbox", { name: "Codice accesso" }) as HTMLInputElement;
    expect([codice.value, codice.readOnly]).toEqual(["K7Q10002", true]);
    expect(within(form).getByText("Creato il 2026-03-01 09:30")).toBeTruthy();
    fireEvent.change(within(form).getByRole("textbox", { name: /^Cellulare/ }), { target: { value: "3330000000" } });
    await waitFor(() => expect(applica.disabled).toBe(false));
    fireEvent.click(applica);
    expect(await screen.findByText("Utente modificato con successo")).toBeTruthy();
    expect(bodies).toEqual([{ data: { cellulare: "3330000000" } }]);
  });

  test("a click on the row opens the user (issue 32 item 4)", async () => {
    renderApp("/cms/utenti", { as: "cms" });
    const grid = await screen.findByRole("grid", { name: "Utenti CMS" }, SLOW);
    fireEvent.click(await within(grid).findByText("Galli", {}, SLOW));
    const form = await screen.findByRole("form", { name: "Modifica utente" });
    expect((within(form).getByRole("textbox", { name: "Codice accesso" }) as HTMLInputElement).value).toBe("K7Q10002");
  });

  test("a click on a row's Elimina asks to delete and opens nothing else", async () => {
    renderApp("/cms/utenti", { as: "cms" });
    fireEvent.click(await screen.findByRole("button", { name: "Elimina Marta Neri" }, SLOW));
    expect(await screen.findByRole("alertdialog")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Modifica utente" })).toBeNull();
  });

  test("deletes after SPEC §8's confirmation with its toast", async () => {
    const deletes = captureBodies("DELETE", /^\/api\/cms\/utenti\/5$/);
    renderApp("/cms/utenti", { as: "cms" });
    fireEvent.click(await screen.findByRole("button", { name: "Elimina Marta Neri" }, SLOW));
    const dialog = await screen.findByRole("alertdialog");
    expect(
      within(dialog).getByText("Sei sicuro di voler eliminare questo utente? l'operazione non potrà essere annullata"),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: /Elimina|Conferma/ }));
    expect(await screen.findByText("Utente eliminato con successo")).toBeTruthy();
    expect(deletes).toHaveLength(1);
    expect(db.cmsUtenti.map((u) => u.id)).not.toContain(5);
  });
});
