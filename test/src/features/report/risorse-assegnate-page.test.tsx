/** /report/risorse-assegnate: the period's assignments with their hours as HH:MM and which hours they are. */
import { screen, waitFor, within } from "@testing-library/react";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
jest.setTimeout(60_000);

describe("Risorse assegnate", () => {
  it("asks for the current month and shows hours as HH:MM, planned or worked", async () => {
    const seen: URLSearchParams[] = [];
    server.events.on("request:start", ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === "/api/report/risorse-assegnate/") seen.push(url.searchParams);
    });
    renderApp("/report/risorse-assegnate", { as: "admin" });
    const grid = await screen.findByRole("grid", { name: "Risorse assegnate" });
    expect(await within(grid).findByText("Verdi Bruno")).toBeTruthy();
    expect(within(grid).getByText("Magazzini Generali S.r.l.")).toBeTruthy();
    expect(within(grid).getByText("07:30")).toBeTruthy();
    expect(within(grid).getByText("Effettive")).toBeTruthy();
    expect(within(grid).getAllByText("Pianificate")).toHaveLength(2);
    const today = new Date();
    const mese = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}`;
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    expect(seen[0].get("dal")).toBe(`${mese}-01`);
    expect(seen[0].get("al")?.startsWith(mese)).toBe(true);
  });

  it("is refused to a user without erp_risorse-assegnate", async () => {
    renderApp("/report/risorse-assegnate", { as: "pianificatore" });
    expect(await screen.findByText("Non disponi di permessi sufficienti per questa sezione")).toBeTruthy();
  });
});
