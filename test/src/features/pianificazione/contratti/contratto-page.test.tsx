/**
 * A contract that cannot be read: the page shows the server's message in an alert inside the page's
 * padding (components/record-error.tsx), as every record page does — not 'Errore server: …'.
 */
import { screen } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { setupMockServer } from "../../../helpers/msw";
import { renderApp } from "../../../helpers/render-app";

const server = setupMockServer();

describe("contract page", () => {
  test("an unknown contract says the server's message", async () => {
    server.use(
      http.get("*/api/pianificazione/contratti/999/", () =>
        HttpResponse.json({ result: "error", detail: "Contratto non trovato" }, { status: 404 }),
      ),
    );
    renderApp("/pianificazione/contratti/999", { as: "admin" });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Contratto non trovato");
  });
});
