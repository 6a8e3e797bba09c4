import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { db } from "../../../../mocks/store";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";
import { typeText } from "../../helpers/type-text";

const server = setupMockServer();
const SLOW = { timeout: 15000 };

/** A staff user with exactly these permissions (removed by the mock reset). */
function addUser(username: string, permissions: string[]) {
  db.users.push({ ...db.users[0], id: 900 + db.users.length, username, permissions });
}

const label = (text: string) => screen.getByText(text, { selector: "label" });

describe("operator record — anagrafica", () => {
  test("required fields carry the red asterisk and a wrong fiscal code shows its error under the field", async () => {
    renderApp("/anagrafiche/operatori/1/anagrafica", { as: "admin" });
    const cf = await screen.findByRole("textbox", { name: /Codice fiscale/ }, SLOW);
    for (const name of ["Cognome", "Nome", "Codice fiscale", "Data di nascita"]) {
      expect(label(name).textContent).toContain("*");
    }
    expect(label("Città").textContent).not.toContain("*");

    fireEvent.change(cf, { target: { value: "RSSMRA85M01A794X" } });
    fireEvent.blur(cf);
    const field = cf.closest("[role=group], .chakra-field__root") ?? cf.parentElement!;
    expect(await within(field as HTMLElement).findByText("Codice fiscale non valido")).toBeTruthy();
  });

  test("save sends {data} and shows the toast; the form keeps the server's answer", async () => {
    const bodies: { data: Record<string, unknown> }[] = [];
    server.events.on("request:start", async ({ request }) => {
      if (request.method === "PUT" && request.url.includes("/api/anagrafiche/operatori/1/")) {
        bodies.push((await request.clone().json()) as { data: Record<string, unknown> });
      }
    });
    renderApp("/anagrafiche/operatori/1/anagrafica", { as: "admin" });
    const citta = await screen.findByRole("textbox", { name: /^Città$/ }, SLOW);
    fireEvent.change(citta, { target: { value: "Brescia" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva modifiche" }));
    expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();
    expect(bodies).toHaveLength(1);
    expect(bodies[0].data.citta).toBe("Brescia");
    expect(bodies[0].data.cognome).toBe("Rossi");
    expect(bodies[0].data.posizioni_operatore).toEqual([{ posizione: { id: 1 } }, { posizione: { id: 2 } }]);
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Salva modifiche" })).toHaveProperty("disabled", true),
    );
    server.events.removeAllListeners();
  });

  test("dates show as DD/MM/YYYY; a date typed in Italian is sent as YYYY-MM-DD", async () => {
    const bodies: { data: Record<string, unknown> }[] = [];
    server.events.on("request:start", async ({ request }) => {
      if (request.method === "PUT" && request.url.includes("/api/anagrafiche/operatori/1/")) {
        bodies.push((await request.clone().json()) as { data: Record<string, unknown> });
      }
    });
    renderApp("/anagrafiche/operatori/1/anagrafica", { as: "admin" });
    const nascita = (await screen.findByRole("textbox", { name: /Data di nascita/ }, SLOW)) as HTMLInputElement;
    expect(nascita.value).toBe("01/08/1985");
    const iban = screen.getByRole("textbox", { name: /^Data IBAN$/ }) as HTMLInputElement;
    typeText(iban, "15012026", { clear: true });
    expect(iban.value).toBe("15/01/2026");
    fireEvent.click(screen.getByRole("button", { name: "Salva modifiche" }));
    expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();
    expect(bodies).toHaveLength(1);
    expect(bodies[0].data.data_iban).toBe("2026-01-15");
    expect(bodies[0].data.data_nascita).toBe("1985-08-01");
    server.events.removeAllListeners();
  });

  test("a server refusal puts the field error under the field", async () => {
    const { http, HttpResponse } = await import("msw");
    server.use(
      http.put("*/api/anagrafiche/operatori/1/", () =>
        HttpResponse.json(
          {
            detail: "Si è verificato un errore di validazione. Controlla i campi contrassegnati e riprova",
            errors: { codice: "Codice già usato da un altro operatore" },
          },
          { status: 400 },
        ),
      ),
    );
    renderApp("/anagrafiche/operatori/1/anagrafica", { as: "admin" });
    const codice = await screen.findByRole("textbox", { name: /^Codice$/ }, SLOW);
    fireEvent.change(codice, { target: { value: "OP0002" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva modifiche" }));
    expect(await screen.findByText("Codice già usato da un altro operatore")).toBeTruthy();
  });

  test("delete asks the confirmation of SPEC §8, then toasts and goes back to the list", async () => {
    const deleted: string[] = [];
    server.events.on("request:start", ({ request }) => {
      if (request.method === "DELETE") deleted.push(new URL(request.url).pathname);
    });
    const { router } = renderApp("/anagrafiche/operatori/2/anagrafica", { as: "admin" });
    fireEvent.click(await screen.findByRole("button", { name: "Elimina operatore" }, SLOW));
    const dialog = await screen.findByRole("alertdialog");
    expect(
      within(dialog).getByText(
        "Sei sicuro di voler eliminare questo operatore? Questa operazione non può essere annullata.",
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Elimina" }));
    expect(await screen.findByText("Operatore eliminato")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/anagrafiche/operatori"));
    expect(deleted).toEqual(["/api/anagrafiche/operatori/2/"]);
    server.events.removeAllListeners();
  });
});

describe("operator record — tabs by permission", () => {
  test("an admin sees every tab", async () => {
    renderApp("/anagrafiche/operatori/1", { as: "admin" });
    await screen.findByRole("tab", { name: "Anagrafica" }, SLOW);
    for (const t of ["Documenti e corsi", "Contratti e pratiche", "Indisponibilità", "Altro", "Log"]) {
      expect(screen.getByRole("tab", { name: t })).toBeTruthy();
    }
  });

  test("a user with documenti-corsi only sees that tab, with the expired document in red status", async () => {
    addUser("documenti", ["erp_operatori", "erp_operatori_documenti-corsi"]);
    renderApp("/anagrafiche/operatori/1", { as: "documenti" });
    expect(await screen.findByRole("tab", { name: "Documenti e corsi" }, SLOW)).toBeTruthy();
    expect(screen.queryByRole("tab", { name: "Anagrafica" })).toBeNull();
    expect(screen.queryByRole("tab", { name: "Altro" })).toBeNull();
    expect(screen.queryByRole("tab", { name: "Contratti e pratiche" })).toBeNull();
    const table = await screen.findByRole("table", { name: "Documenti e licenze" }, SLOW);
    expect(within(table).getByText("Scaduto")).toBeTruthy();
    expect(within(table).getByText("Decreto di nomina a guardia particolare giurata")).toBeTruthy();
  });

  test("a tab list that fails to load shows the server's message, not an empty list", async () => {
    const { http, HttpResponse } = await import("msw");
    server.use(
      http.get("*/api/anagrafiche/operatori/1/corsi/", () =>
        HttpResponse.json({ detail: "Servizio temporaneamente non disponibile" }, { status: 503 }),
      ),
    );
    renderApp("/anagrafiche/operatori/1/documenti-corsi", { as: "admin" });
    expect(await screen.findByRole("table", { name: "Documenti e licenze" }, SLOW)).toBeTruthy();
    expect(await screen.findByText("Servizio temporaneamente non disponibile", {}, SLOW)).toBeTruthy();
    expect(screen.queryByText("Nessun risultato trovato")).toBeNull();
  });

  test("altro: anonymisation is disabled for an operator who has not ceased", async () => {
    renderApp("/anagrafiche/operatori/1/altro", { as: "admin" });
    const button = await screen.findByRole("button", { name: "Anonimizza" }, SLOW);
    expect(button).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Esporta dati personali (zip)" })).toBeTruthy();
  });
});

describe("operator record — indisponibilità", () => {
  test("shows periods in Rome time, edits the Rome wall clock and sends it as typed", async () => {
    const bodies: { method: string; data: Record<string, unknown> }[] = [];
    server.events.on("request:start", async ({ request }) => {
      if (request.method !== "GET" && request.url.includes("/api/anagrafiche/operatori/1/indisponibilita/")) {
        const body = (await request.clone().json()) as { data: Record<string, unknown> };
        bodies.push({ method: request.method, data: body.data });
      }
    });
    renderApp("/anagrafiche/operatori/1/indisponibilita", { as: "admin" });
    const table = await screen.findByRole("table", { name: "Periodi di indisponibilità" }, SLOW);
    // The fixture's 2026-08-01T06:00:00.000Z is 08:00 in Rome (summer time).
    expect(within(table).getByText("01/08/2026 08:00")).toBeTruthy();

    fireEvent.click(within(table).getByRole("button", { name: "Modifica" }));
    const dal = (await screen.findByLabelText(/^Dal/)) as HTMLInputElement;
    expect(dal.value).toBe("01/08/2026 08:00");
    expect((screen.getByLabelText(/^Al/) as HTMLInputElement).value).toBe("15/08/2026 22:00");
    typeText(dal, "29/03/2026 10:00", { clear: true });
    fireEvent.click(screen.getByRole("button", { name: "Salva" }));
    expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();
    expect(bodies).toHaveLength(1);
    // the Rome wall clock as typed, and only the bound that changed
    expect(bodies[0]).toEqual({ method: "PUT", data: { dal: "2026-03-29T10:00" } });
    expect(await within(table).findByText("29/03/2026 10:00")).toBeTruthy();
    server.events.removeAllListeners();
  });
});
