/**
 * The service's Ronde tab (issue 34): the checkpoints with their codes, adding one (the code comes
 * from the server), a tour plan with its points in walking order, and the night's rounds as judged
 * (state, the missing point by name).
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { setupMockServer } from "../../../helpers/msw";
import { renderApp } from "../../../helpers/render-app";

const server = setupMockServer();
const TAB = "/pianificazione/contratti/1/servizi/1/ronde";

describe("service tours tab", () => {
  test("lists the checkpoints and the plan, and shows the night's rounds as the server judged them", async () => {
    renderApp(TAB, { as: "pianificatore" });
    const punti = await screen.findByRole("table", { name: "Punti di controllo" }, { timeout: 15000 });
    expect(within(punti).getByText("RP-00000001AB")).toBeTruthy();
    expect(within(punti).getByText("Verificare il lucchetto")).toBeTruthy();
    const piani = await screen.findByRole("table", { name: "Piani di ronda" });
    expect(within(piani).getByText("dalle 22:00 alle 06:00")).toBeTruthy();
    expect(within(piani).getByText("Cancello nord, Magazzino, Locale caldaie, Parcheggio")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Notte del"), { target: { value: "02/03/2026" } });
    const ronde = await screen.findByRole("table", { name: "Ronde della notte" });
    await waitFor(() => expect(within(ronde).getByText("Incompleta")).toBeTruthy());
    const riga = within(ronde).getByText("Incompleta").closest("tr") as HTMLElement;
    expect(within(riga).getByText("Locale caldaie")).toBeTruthy();
    expect(within(riga).getByText("Luca Bianchi")).toBeTruthy();
    expect(within(riga).getByText("02/03/2026 22:00")).toBeTruthy();
  });

  test("adds a plan with its points in the order ticked", async () => {
    const sent: unknown[] = [];
    server.events.on("request:start", async ({ request }) => {
      if (request.method === "POST" && request.url.includes("/piani-ronda/")) sent.push(await request.clone().json());
    });
    renderApp(TAB, { as: "pianificatore" });
    const piani = await screen.findByRole("table", { name: "Piani di ronda" }, { timeout: 15000 });
    // the second table's "Aggiungi" (the first is the checkpoints')
    fireEvent.click(screen.getAllByRole("button", { name: "Aggiungi" })[1]);
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Nome/ }), { target: { value: "Giro serale" } });
    fireEvent.click(within(dialog).getByText("Parcheggio"));
    expect(await within(dialog).findByText("1. Parcheggio")).toBeTruthy();
    fireEvent.click(within(dialog).getByText("Cancello nord"));
    expect(await within(dialog).findByText("2. Cancello nord")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Dalle/), { target: { value: "20:00" } });
    fireEvent.change(within(dialog).getByLabelText(/^Alle/), { target: { value: "23:00" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      data: {
        nome: "Giro serale",
        punti: [4, 1],
        dalle: "20:00",
        alle: "23:00",
        ogni_minuti: 120,
        tolleranza_minuti: 15,
      },
    });
    expect(await within(piani).findByText("Giro serale")).toBeTruthy();
  });
});
