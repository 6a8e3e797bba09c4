import { fireEvent, screen, waitFor } from "@testing-library/react";
import { MOCK_PASSWORD } from "../../../../mocks/fixtures/auth";
import { tokenStorage } from "../../../../src/api/token-storage";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

setupMockServer();

function fillLogin(username: string, password: string) {
  fireEvent.change(screen.getByLabelText(/Nome utente/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Accedi" }));
}

describe("login page", () => {
  it("a protected page redirects to login, and a successful login lands on the dashboard", async () => {
    const { router } = renderApp("/");
    expect(await screen.findByRole("heading", { name: "Accedi" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
    fillLogin("admin", MOCK_PASSWORD);
    expect(await screen.findByText("Benvenuto, Marco Rossi")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
    expect(tokenStorage.get()).toMatch(/^mock-token-/);
  });

  it("returns to the page the visitor was going to", async () => {
    const { router } = renderApp("/impostazioni/utenti");
    await screen.findByRole("heading", { name: "Accedi" });
    fillLogin("admin", MOCK_PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe("/impostazioni/utenti"));
    expect(await screen.findByRole("heading", { name: "Utenti" })).toBeTruthy();
  });

  it("a failed login shows the browser alert with the server detail and stores no token", async () => {
    const alert = jest.spyOn(window, "alert").mockImplementation(() => {});
    renderApp("/login");
    await screen.findByRole("heading", { name: "Accedi" });
    fillLogin("admin", "sbagliata-123");
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Impossibile accedere con le credenziali fornite"));
    expect(tokenStorage.get()).toBeNull();
    expect(screen.getByRole("heading", { name: "Accedi" })).toBeTruthy();
    alert.mockRestore();
  });

  it("shows 'Login failed' when the server gives no detail", async () => {
    const alert = jest.spyOn(window, "alert").mockImplementation(() => {});
    const { server } = await import("../../../../mocks/node");
    const { http, HttpResponse } = await import("msw");
    server.use(http.post("*/api/auth/login/", () => new HttpResponse("boom", { status: 500 })));
    renderApp("/login");
    await screen.findByRole("heading", { name: "Accedi" });
    fillLogin("admin", MOCK_PASSWORD);
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Login failed"));
    alert.mockRestore();
  });

  it("a signed-in user opening /login is sent to the default path", async () => {
    const { router } = renderApp("/login", { as: "admin" });
    expect(await screen.findByText("Benvenuto, Marco Rossi")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
  });
});
