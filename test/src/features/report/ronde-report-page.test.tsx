/**
 * Report → Ronde (issue 34 item 4): the rounds with state, guard, points done and missed; a row's
 * "PDF della notte" asks the night of its round (a round after midnight belongs to the night
 * before) at its service.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { notteDi } from "../../../../src/features/report/ronde/ronde-report-page";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();

describe("Ronde report", () => {
  test("a round before noon belongs to the night before", () => {
    expect(notteDi("2026-03-03 00:00:00")).toBe("2026-03-02");
    expect(notteDi("2026-03-02 22:00:00")).toBe("2026-03-02");
    expect(notteDi("2026-03-01 11:59:00")).toBe("2026-02-28");
  });

  test("lists the rounds and downloads the night's PDF of a row", async () => {
    const asked: string[] = [];
    server.events.on("request:start", ({ request }) => {
      if (request.url.includes("/notte/")) {
        const u = new URL(request.url);
        asked.push(`${u.pathname}${u.search}`);
      }
    });
    renderApp("/report/ronde", { as: "admin" });
    const grid = await screen.findByRole("grid", { name: "Ronde" }, { timeout: 15000 });
    await within(grid).findByText("Locale caldaie");
    expect(within(grid).getByText("Incompleta")).toBeTruthy();
    expect(within(grid).getByText("Completata")).toBeTruthy();
    fireEvent.click(within(grid).getAllByRole("button", { name: "PDF della notte" })[1]);
    await waitFor(() => expect(asked).toEqual(["/api/report/ronde/notte/?servizio=1&giorno=2026-03-02"]));
  });
});
