import { fireEvent, screen, waitFor } from "@testing-library/react";
import { authDb } from "../../../../mocks/auth.fixtures";
import { REGISTERED } from "../../../../src/domain/auth-messages";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

setupMockServer();
jest.setTimeout(30_000);

function fillRegistration(id: string) {
  const values: Record<string, string> = {
    "Nome utente": id,
    Email: `${id}@example.it`,
    Nome: "Carla",
    Cognome: "Bruni",
    Password: "Ronda-Notturna-2031",
    "Conferma password": "Ronda-Notturna-2031",
  };
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(new RegExp(`^${label}\\W*$`)), { target: { value } });
  }
  fireEvent.click(screen.getByRole("button", { name: "Registrati" }));
}

describe("register page", () => {
  it("sends the request, says an administrator must enable the account, and goes back to login", async () => {
    const { router } = renderApp("/register");
    await screen.findByRole("heading", { name: "Registrati" });
    fillRegistration("carla.bruni");
    expect(await screen.findByText(REGISTERED)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(authDb.users.find((u) => u.username === "carla.bruni")).toMatchObject({ attivo: false, in_attesa: true });
  });

  it("answers a taken name the same way, without an error on the field", async () => {
    const { router } = renderApp("/register");
    await screen.findByRole("heading", { name: "Registrati" });
    fillRegistration("pianificatore");
    expect(await screen.findByText(REGISTERED)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(screen.queryByText(/Esiste già un utente/)).toBeNull();
    expect(authDb.users.filter((u) => u.username === "pianificatore")).toHaveLength(1);
  });
});
