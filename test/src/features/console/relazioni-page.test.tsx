/**
 * /console/relazioni and /console/fogli-notizie against the msw backend (mocks/fixtures/console.ts:
 * one report to approve, one "nulla da segnalare" sheet): the list in Italian; a report opened from
 * its row with its shift and the guard's version; an amendment kept beside the original; relevant for
 * the Questura; approval only after a confirmation, and then no more buttons to change it. The sheets'
 * list, one click to make a day's sheet, and the PDF downloaded with the download counted.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
const SLOW = { timeout: 5000 };
const grid = (name: string) =>
  screen.findByRole("grid", { name }, SLOW).catch(() => screen.findByRole("table", { name }, SLOW));

describe("relazioni di servizio", () => {
  it("lists the reports; a row opens the report; amend, relevant, approve after confirming", async () => {
    const sent: { method: string; url: string; body: string }[] = [];
    server.events.on("request:start", async ({ request }) => {
      if (request.method !== "GET")
        sent.push({ method: request.method, url: new URL(request.url).pathname, body: await request.clone().text() });
    });
    const { router } = renderApp("/console/relazioni", { as: "admin" });
    expect(await screen.findByRole("heading", { name: "Relazioni di servizio" }, SLOW)).toBeTruthy();
    const table = await grid("Relazioni di servizio");
    await within(table).findByText("Cancello carraio lato nord", {}, SLOW);
    expect(within(table).getByText("Intrusione")).toBeTruthy();
    expect(within(table).getByText("Attenzione")).toBeTruthy();
    fireEvent.click(within(table).getByRole("link", { name: "Da approvare" }));
    await waitFor(() => expect(router.state.location.search).toBe("?relazione=4"));
    expect(await screen.findByRole("heading", { name: "Relazione n. 4 di Giuseppe Russo" }, SLOW)).toBeTruthy();
    expect(screen.getByText(/Turno: Centro Commerciale Le Torri S\.p\.A\. — Vigilanza notturna/)).toBeTruthy();
    expect(screen.getByText(/Versione 1 — testo della guardia il 09\/03\/2026 23:20:02/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Correggi" }));
    const form = await screen.findByRole("form", { name: "Correzione della relazione" });
    fireEvent.change(within(form).getByLabelText(/Che cosa è successo/), {
      target: { value: "Tentato accesso al magazzino dalla recinzione tagliata." },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Salva la nuova versione" }));
    // Without a reason nothing is sent.
    expect(await within(form).findByText("Questo campo è obbligatorio")).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(within(form).getByLabelText(/Motivo della correzione/), {
      target: { value: "Precisato con la guardia" },
    });
    fireEvent.click(within(form).getByRole("button", { name: "Salva la nuova versione" }));
    expect(await screen.findByText(/Versione 2 — corretta da Marco Rossi/, {}, SLOW)).toBeTruthy();
    expect(screen.getByText("Motivo: Precisato con la guardia")).toBeTruthy();
    // The guard's original stays.
    expect(screen.getByText("Recinzione tagliata per circa un metro, nessuna persona presente.")).toBeTruthy();
    const body = JSON.parse(sent[0]?.body ?? "{}");
    expect(body.data).toMatchObject({ motivo: "Precisato con la guardia", accaduto_il: "2026-03-09T22:05:00.000Z" });

    fireEvent.click(screen.getByRole("button", { name: "Rilevante per la Questura" }));
    expect(await screen.findByRole("button", { name: "Non rilevante per la Questura" }, SLOW)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Approva" }));
    const dialog = screen.getByRole("alertdialog", { name: "Conferma approvazione" });
    expect(within(dialog).getByText("Dopo l'approvazione la relazione non si potrà più modificare.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Conferma l'approvazione" }));
    expect(await screen.findByText(/Approvata da Marco Rossi il 10\/03\/2026 09:05:00/, {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Correggi" })).toBeNull();
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      "POST /api/comunicazioni/relazioni/4/versioni/",
      "PUT /api/comunicazioni/relazioni/4/",
      "POST /api/comunicazioni/relazioni/4/approva/",
    ]);
    server.events.removeAllListeners();
  });

  it("lists the sheets for the Questura and makes a day's sheet in one click", async () => {
    renderApp("/console/fogli-notizie", { as: "admin" });
    expect(await screen.findByRole("heading", { name: "Foglio notizie" }, SLOW)).toBeTruthy();
    const table = await grid("Fogli notizie");
    expect(await within(table).findByText("Nulla da segnalare", {}, SLOW)).toBeTruthy();
    const form = screen.getByRole("form", { name: "Genera foglio notizie" });
    fireEvent.change(within(form).getByLabelText(/Giorno/), { target: { value: "10/03/2026" } });
    fireEvent.click(within(form).getByRole("button", { name: "Genera il foglio del giorno" }));
    expect(await screen.findByText("Generato 1 foglio del 10/03/2026: nulla da segnalare", {}, SLOW)).toBeTruthy();
    expect(await within(table).findByText("10/03/2026", {}, SLOW)).toBeTruthy();
  });
});
