/** /report/scadenze-corsi, /report/scadenze-documenti, /report/pratiche: states, shifts after the expiry. */
import { screen, waitFor, within } from "@testing-library/react";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
jest.setTimeout(60_000);

describe("Scadenze", () => {
  it("courses: the state and who is on shifts after the expiry; asks for the next 30 days", async () => {
    const seen: URLSearchParams[] = [];
    server.events.on("request:start", ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === "/api/report/scadenze-corsi/") seen.push(url.searchParams);
    });
    renderApp("/report/scadenze-corsi", { as: "admin" });
    const grid = await screen.findByRole("grid", { name: "Scadenze corsi" });
    expect(await within(grid).findByText("Addetto antincendio")).toBeTruthy();
    expect(within(grid).getByText("Scaduto")).toBeTruthy();
    expect(within(grid).getByText("In scadenza")).toBeTruthy();
    expect(within(grid).getByText("1 dal 25/12/2025")).toBeTruthy();
    expect(within(grid).getByText("Nessuno")).toBeTruthy();
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    const in30 = new Date();
    in30.setDate(in30.getDate() + 30);
    expect(seen[0].get("entro")).toBe(in30.toLocaleDateString("sv-SE"));
  });

  it("documents", async () => {
    renderApp("/report/scadenze-documenti", { as: "admin" });
    const grid = await screen.findByRole("grid", { name: "Scadenze documenti" });
    expect(await within(grid).findByText("Porto d'armi")).toBeTruthy();
    expect(within(grid).getByText("2 dal 24/12/2025")).toBeTruthy();
  });

  it("pratiche: administrators only", async () => {
    renderApp("/report/pratiche", { as: "admin" });
    const grid = await screen.findByRole("grid", { name: "Pratiche" });
    expect(await within(grid).findByText("Rinnovo decreto GPG")).toBeTruthy();
    expect(within(grid).getByText("In corso")).toBeTruthy();
    expect(within(grid).getByText("09/02/2025")).toBeTruthy();
  });

  it("pratiche are refused to a non-administrator", async () => {
    renderApp("/report/pratiche", { as: "pianificatore" });
    expect(await screen.findByText("Non disponi di permessi sufficienti per questa sezione")).toBeTruthy();
  });
});
