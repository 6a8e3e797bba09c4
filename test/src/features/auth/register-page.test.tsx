import { fireEvent, screen, waitFor } from "@testing-library/react";
import { REGISTERED } from "../../../../src/domain/auth-messages";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
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
  // The server answers a taken name exactly like a free one (test/server/auth/register.test.ts).
  it("sends the request, says an administrator must enable the account, and goes back to login", async () => {
    const sent: unknown[] = [];
    server.events.on("request:start", async ({ request }) => {
      if (request.url.endsWith("/api/auth/register/")) sent.push(await request.clone().json());
    });
    const { router } = renderApp("/register");
    await screen.findByRole("heading", { name: "Registrati" });
    fillRegistration("carla.bruni");
    expect(await screen.findByText(REGISTERED)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(sent).toEqual([
      {
        id: "carla.bruni",
        email: "carla.bruni@example.it",
        firstName: "Carla",
        lastName: "Bruni",
        password: "Ronda-Notturna-2031",
      },
    ]);
    server.events.removeAllListeners();
  });
});
