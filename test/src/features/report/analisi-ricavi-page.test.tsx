/** /report/analisi-ricavi (Marginalità): margins per contract and month, losses marked, the filter sent. */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
jest.setTimeout(60_000);

describe("Marginalità", () => {
  it("shows revenue, pay, costs and margin, marks the month losing money, filters the losses", async () => {
    const seen: URLSearchParams[] = [];
    server.events.on("request:start", ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === "/api/report/analisi-ricavi/") seen.push(url.searchParams);
    });
    renderApp("/report/analisi-ricavi", { as: "admin" });
    const grid = await screen.findByRole("grid", { name: "Marginalità" });
    expect(await within(grid).findByText(/^173,50\s€$/)).toBeTruthy();
    expect(within(grid).getByText(/^-30,00\s€$/)).toBeTruthy();
    expect(within(grid).getAllByText("In perdita")).toHaveLength(1);
    expect(within(grid).getByText("45,18 %")).toBeTruthy();
    // The employer's cost of labour beside the pay (issue 32 item 11).
    expect(within(grid).getByRole("columnheader", { name: /Costo del lavoro/ })).toBeTruthy();
    // The totals row sums the whole selection (issue 32 item 4): 224 € of cost of labour, 384 € of revenue.
    const totali = within(grid).getByText("Totale").closest('[role="row"]') as HTMLElement;
    expect(within(totali).getByText(/^224,00\s€$/)).toBeTruthy();
    expect(within(totali).getByText(/^384,00\s€$/)).toBeTruthy();
    // Hours without a price flatter the margin: the row says so and links to the contract's Prezzi tab (issue 32 item 11).
    const mancanti = within(grid).getByRole("link", { name: "Prezzi mancanti" });
    expect(mancanti.getAttribute("href")).toMatch(/^\/pianificazione\/contratti\/\d+\/prezzi$/);
    expect(mancanti.getAttribute("title")).toBe("1 turno senza prezzo: apri la scheda Prezzi del contratto");
    expect(screen.getByText(/non comprendono contributi, TFR e altri oneri del datore di lavoro/)).toBeTruthy();
    expect(within(grid).getAllByText("12/2025")).toHaveLength(2);
    // The trend above the table: the same list grouped by month with the table's filters, and its totals.
    const trend = await screen.findByRole("figure", { name: "Andamento per mese" });
    expect(within(trend).getByText(/^Ricavi 384,00\s€$/)).toBeTruthy();
    expect(within(trend).getByText(/^Margine 143,50\s€$/)).toBeTruthy();
    const grouped = seen.find((q) => q.get("group_by") === "mese");
    expect(grouped?.get("dal")).toBe(seen.find((q) => !q.has("group_by"))?.get("dal"));

    const toggle = screen.getByRole("checkbox", { name: "Solo in perdita", hidden: true }) as HTMLInputElement;
    fireEvent.click(screen.getByText("Solo in perdita"));
    await waitFor(() => expect(toggle.checked).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "Applica" }));
    await waitFor(() => expect(seen.at(-1)?.get("in_perdita")).toBe("true"));
    await waitFor(() =>
      expect(within(screen.getByRole("grid", { name: "Marginalità" })).queryByText(/^173,50\s€$/)).toBeNull(),
    );
    expect(within(screen.getByRole("grid", { name: "Marginalità" })).getByText("In perdita")).toBeTruthy();
    await waitFor(() =>
      expect(
        within(screen.getByRole("figure", { name: "Andamento per mese" })).getByText(/^Margine -30,00\s€$/),
      ).toBeTruthy(),
    );
  });
});
