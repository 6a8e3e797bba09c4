/**
 * /console/ticket-supporto — the support desk against the msw backend (mocks/fixtures/console.ts):
 * the list (unread first), a ticket opened from the header's 'Problemi' popup (marked read: it
 * leaves the popup and the alert), the reply, state and assignee, a refused reply.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { db } from "../../../../mocks/store";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
const SLOW = { timeout: 15000 };

describe("ticket supporto", () => {
  it("lists the tickets, unread first, with category and state in Italian; a row opens the ticket", async () => {
    const { router } = renderApp("/console/ticket-supporto", { as: "admin" });
    const table = await screen
      .findByRole("grid", { name: "Ticket supporto" }, SLOW)
      .catch(() => screen.findByRole("table", { name: "Ticket supporto" }, SLOW));
    await within(table).findByText("Varco carraio bloccato", {}, SLOW);
    const links = within(table)
      .getAllByRole("link")
      .map((a) => a.textContent);
    expect(links).toEqual(["Varco carraio bloccato", "Cambio turno sabato", "Badge non riconosciuto"]);
    expect(within(table).getAllByText("Non letto")).toHaveLength(2);
    expect(within(table).getByText("In lavorazione")).toBeTruthy();
    expect(within(table).getByText("Segnalazione")).toBeTruthy();
    fireEvent.click(within(table).getByRole("link", { name: "Cambio turno sabato" }));
    await waitFor(() => expect(router.state.location.search).toBe("?ticket=2"));
    expect(await screen.findByRole("heading", { name: "Cambio turno sabato" })).toBeTruthy();
  });

  it("a ticket opened from the 'Problemi' popup is marked read and leaves the alert", async () => {
    const sent: string[] = [];
    server.events.on("request:start", ({ request }) => {
      if (request.method !== "GET") sent.push(`${request.method} ${new URL(request.url).pathname}`);
    });
    renderApp("/", { as: "admin" });
    const alert = await screen.findByText("Attenzione. Ci sono 3 notifiche non lette", {}, SLOW);
    fireEvent.click(alert.closest("button") as HTMLElement);
    const popup = await screen.findByRole("dialog", { name: "Problemi" });
    fireEvent.click(within(popup).getByRole("link", { name: /Giuseppe Russo/ }));

    expect(await screen.findByRole("heading", { name: "Varco carraio bloccato" }, SLOW)).toBeTruthy();
    expect(screen.getByText("I mezzi sono fermi.")).toBeTruthy();
    await waitFor(() => expect(sent).toContain("POST /api/comunicazioni/ticket/1/letto/"));
    expect(await screen.findByText("Attenzione. Ci sono 2 notifiche non lette", {}, SLOW)).toBeTruthy();
    server.events.removeAllListeners();
  });

  it("replies to the guard, then assigns and closes the ticket", async () => {
    const bodies: unknown[] = [];
    server.events.on("request:start", async ({ request }) => {
      if (request.method === "PUT" || request.url.includes("/messaggi/")) bodies.push(await request.clone().json());
    });
    renderApp("/console/ticket-supporto?ticket=1", { as: "admin" });
    const reply = await screen.findByRole("textbox", { name: /Risposta all'operatore/ }, SLOW);
    fireEvent.change(reply, { target: { value: "Arriva il tecnico entro le 10." } });
    fireEvent.click(screen.getByRole("button", { name: "Invia risposta" }));
    const conversation = await screen.findByRole("list", { name: "Conversazione" });
    expect(await within(conversation).findByText("Arriva il tecnico entro le 10.")).toBeTruthy();
    expect(within(conversation).getByText(/Marco Rossi \(ufficio\)/)).toBeTruthy();

    const form = screen.getByRole("form", { name: "Gestione" });
    fireEvent.change(within(form).getByRole("combobox", { name: "Assegnato a" }), { target: { value: "7" } });
    fireEvent.change(within(form).getByRole("combobox", { name: "Stato" }), { target: { value: "chiuso" } });
    fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();
    expect(bodies).toEqual([
      { data: { testo: "Arriva il tecnico entro le 10." } },
      { data: { stato: "chiuso", assegnato_a: 7 } },
    ]);
    expect(db.tickets[0]).toMatchObject({ stato: "chiuso", assegnato_a: { id: 7, full_name: "Laura Conti" } });
    server.events.removeAllListeners();
  });

  it("downloads the photo the guard sent from the app", async () => {
    db.tickets[1].foto = true;
    const downloads: string[] = [];
    const url = URL as unknown as { createObjectURL: (b: Blob) => string; revokeObjectURL: (u: string) => void };
    url.createObjectURL = () => "blob:foto";
    url.revokeObjectURL = () => {};
    const click = jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    renderApp("/console/ticket-supporto?ticket=2", { as: "admin" });
    fireEvent.click(await screen.findByRole("button", { name: "Scarica la foto" }, SLOW));
    await waitFor(() => expect(downloads).toEqual(["foto.webp"]));
    click.mockRestore();
  });

  it("an empty reply refused by the server shows the error under the field", async () => {
    server.use(
      http.post("*/api/comunicazioni/ticket/1/messaggi/", () =>
        HttpResponse.json(
          {
            detail: "Si è verificato un errore di validazione. Controlla i campi contrassegnati e riprova",
            errors: { testo: "Questo campo è obbligatorio" },
          },
          { status: 400 },
        ),
      ),
    );
    renderApp("/console/ticket-supporto?ticket=1", { as: "admin" });
    fireEvent.click(await screen.findByRole("button", { name: "Invia risposta" }, SLOW));
    expect(await screen.findByText("Questo campo è obbligatorio")).toBeTruthy();
    expect(db.tickets[0].messaggi).toHaveLength(1);
  });

  it("a ticket that does not exist says so in an alert (not 'Errore server'), with the way back to the list", async () => {
    renderApp("/console/ticket-supporto?ticket=999", { as: "admin" });
    const alert = await screen.findByRole("alert", {}, SLOW);
    expect(alert.textContent).toBe("Ticket non trovato");
    expect(screen.queryByText(/Errore server/)).toBeNull();
    expect(screen.getByRole("link", { name: "← Tutti i ticket" })).toBeTruthy();
  });
});
