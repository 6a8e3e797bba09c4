import { screen } from "@testing-library/react";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

setupMockServer();

describe("check-mail page", () => {
  it("tells the user to open the link in the mail, where the code is asked", async () => {
    renderApp("/check-mail");
    expect(await screen.findByRole("heading", { name: "Controlla la tua email" })).toBeTruthy();
    expect(screen.getByText(/Apri il link dell'email: la pagina che si apre ti chiederà il codice/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Torna al login" }).getAttribute("href")).toBe("/login");
  });
});
