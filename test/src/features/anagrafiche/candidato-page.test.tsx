import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { anagraficheDb } from "../../../../mocks/fixtures/anagrafiche";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

setupMockServer();
const SLOW = { timeout: 15000 };

describe("candidate record", () => {
  test("saves status and evaluation with {data}, then 'Assumi' opens the new operator", async () => {
    const { router } = renderApp("/anagrafiche/candidati/1/modifica", { as: "admin" });
    const stato = await screen.findByRole("combobox", { name: "Stato" }, SLOW);
    expect(within(stato).queryByRole("option", { name: "Assunto" })).toBeNull();
    fireEvent.change(stato, { target: { value: "idoneo" } });
    fireEvent.change(screen.getByRole("combobox", { name: "Valutazione" }), { target: { value: "4" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva modifiche" }));
    expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();
    expect(anagraficheDb.candidati[0]).toMatchObject({ stato: "idoneo", valutazione: 4 });

    fireEvent.click(screen.getByRole("button", { name: "Assumi" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Assumi" }));
    expect(await screen.findByText("Candidato assunto: operatore creato")).toBeTruthy();
    const operatoreId = anagraficheDb.candidati[0].operatore_id;
    expect(operatoreId).toBeGreaterThan(0);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/anagrafiche/operatori/${operatoreId}`));
  });
});
