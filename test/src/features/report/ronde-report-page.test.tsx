/**
 * Report → Ronde (issue 34 item 4): the rounds with state, guard, points done and missed; a row's
 * "PDF della notte" asks the night of its round (a round after midnight belongs to the night
 * before) at its service.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { meseFinoAOggi } from "../../../../src/features/report/common/periodo";
import { notteDi } from "../../../../src/features/report/ronde/ronde-report-page";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();

describe("Ronde report", () => {
  test("opens on the current month up to today (the rounds walked or missed, not those to come)", () => {
    expect(meseFinoAOggi(new Date(2026, 10, 29))).toEqual({ periodo_dal: "2026-11-01", periodo_al: "2026-11-29" });
  });

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
    // The page opens on the month so far; the fixtures' rounds are of March 2026.
    renderApp("/report/ronde?f.periodo_dal=2026-03-01&f.periodo_al=2026-03-31", { as: "admin" });
    const grid = await screen.findByRole("grid", { name: "Ronde" }, { timeout: 15000 });
    await within(grid).findByText("Locale caldaie");
    expect(within(grid).getByText("Incompleta")).toBeTruthy();
    expect(within(grid).getByText("Completata")).toBeTruthy();
    fireEvent.click(within(grid).getAllByRole("button", { name: "PDF della notte" })[1]);
    await waitFor(() => expect(asked).toEqual(["/api/report/ronde/notte/?servizio=1&giorno=2026-03-02"]));
  });
});
