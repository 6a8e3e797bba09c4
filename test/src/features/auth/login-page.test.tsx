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

  it("a second factor: no token after the password, the code step, a wrong code shown, the right one signs in (issue 37)", async () => {
    const { server } = await import("../../../../mocks/node");
    const { http, HttpResponse } = await import("msw");
    const { issueMockToken } = await import("../../../../mocks/http");
    const { db } = await import("../../../../mocks/store");
    const { SETTINGS } = await import("../../../../mocks/fixtures/auth");
    const admin = db.users.find((u) => u.username === "admin")!;
    const codes: unknown[] = [];
    server.use(
      http.post("*/api/auth/login/", () =>
        HttpResponse.json({ mfa: "code", challenge: "sfida-1", detail: "Inserisci il codice" }),
      ),
      http.post("*/api/auth/login/code/", async ({ request }) => {
        const body = (await request.json()) as { challenge: string; code: string };
        codes.push(body);
        if (body.code !== "123456")
          return HttpResponse.json(
            { detail: "Errore", errors: { code: "Codice non valido o già usato" } },
            { status: 400 },
          );
        return HttpResponse.json({
          token: issueMockToken(admin.id),
          user: { ...admin, settings: SETTINGS },
        });
      }),
    );
    const { router } = renderApp("/login");
    await screen.findByRole("heading", { name: "Accedi" });
    fillLogin("admin", MOCK_PASSWORD);
    expect(await screen.findByRole("heading", { name: "Verifica in due passaggi" })).toBeTruthy();
    expect(tokenStorage.get()).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Codice/), { target: { value: "000000" } });
    fireEvent.click(screen.getByRole("button", { name: "Verifica" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Codice non valido o già usato");
    fireEvent.change(screen.getByLabelText(/^Codice/), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verifica" }));
    expect(await screen.findByText("Benvenuto, Marco Rossi")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
    expect(codes).toEqual([
      { challenge: "sfida-1", code: "000000" },
      { challenge: "sfida-1", code: "123456" },
    ]);
  });

  it("shows 'Accedi con …' only when the server has single sign-on", async () => {
    const { server } = await import("../../../../mocks/node");
    const { http, HttpResponse } = await import("msw");
    renderApp("/login");
    await screen.findByRole("heading", { name: "Accedi" });
    expect(screen.queryByRole("button", { name: /Accedi con/ })).toBeNull();
    server.use(http.get("*/api/auth/oidc/", () => HttpResponse.json({ enabled: true, label: "Azienda" })));
    renderApp("/login");
    expect(await screen.findByRole("button", { name: "Accedi con Azienda" })).toBeTruthy();
  });
});
