import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { db } from "../../../../mocks/store";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
const SLOW = { timeout: 15000 };

describe("candidate record", () => {
  test("saves status and evaluation with {data}, then 'Assumi' opens the new operator", async () => {
    const saved: unknown[] = [];
    server.events.on("request:start", async ({ request }) => {
      if (request.method === "PUT" && request.url.includes("/api/anagrafiche/candidati/1/"))
        saved.push(await request.clone().json());
    });
    // The server hires the candidate: a new operator (here the fixture's operator 3).
    server.use(
      http.post("*/api/anagrafiche/candidati/1/assumi/", () =>
        HttpResponse.json({ ...db.candidati[0], stato: "assunto", operatore_id: 3 }),
      ),
    );
    const { router } = renderApp("/anagrafiche/candidati/1/modifica", { as: "admin" });
    const stato = await screen.findByRole("combobox", { name: "Stato" }, SLOW);
    expect(within(stato).queryByRole("option", { name: "Assunto" })).toBeNull();
    fireEvent.change(stato, { target: { value: "idoneo" } });
    fireEvent.change(screen.getByRole("combobox", { name: "Valutazione" }), { target: { value: "4" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva modifiche" }));
    expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();
    expect(saved).toEqual([{ data: expect.objectContaining({ stato: "idoneo", valutazione: 4 }) }]);

    fireEvent.click(screen.getByRole("button", { name: "Assumi" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Assumi" }));
    expect(await screen.findByText("Candidato assunto: operatore creato")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/anagrafiche/operatori/3"));
    server.events.removeAllListeners();
  });
});
