/** /report/compensi and /report/ricavi-attivita: the amounts only for those allowed to see them. */
import { fireEvent, screen, within } from "@testing-library/react";
import { db } from "../../../../mocks/store";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

setupMockServer();
jest.setTimeout(60_000);

// Every column on screen (react-data-grid renders only the columns that fit), so a missing amount
// column is missing, not scrolled out of view.
const narrow = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "clientWidth");
beforeAll(() => Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 5000 }));
afterAll(() => narrow && Object.defineProperty(HTMLElement.prototype, "clientWidth", narrow));

function userWith(username: string, permissions: string[]) {
  db.users.push({ ...db.users[0], id: 90 + db.users.length, username, permissions });
}

describe("Compensi", () => {
  it("shows the pay in euro with the reason of a missing rate", async () => {
    renderApp("/report/compensi", { as: "admin" });
    const grid = await screen.findByRole("grid", { name: "Compensi" });
    expect(await within(grid).findByText(/^80,00\s€$/)).toBeTruthy();
    expect(within(grid).getByText("Nessun compenso per la qualifica nel contratto")).toBeTruthy();
    expect(within(grid).getByRole("columnheader", { name: /Compenso orario/ })).toBeTruthy();
  });

  it("leads with who, when, the hours and the pay; the split by kind of hour waits in the column chooser", async () => {
    renderApp("/report/compensi", { as: "admin" });
    const grid = await screen.findByRole("grid", { name: "Compensi" });
    await within(grid).findByText(/^80,00\s€$/);
    const headers = within(grid)
      .getAllByRole("columnheader")
      .map((h) => h.textContent?.replace(/[^\p{L} ]/gu, "").trim());
    expect(headers).toEqual([
      "Operatore",
      "Giorno",
      "Cliente",
      "Servizio",
      "Ore",
      "Fonte delle ore",
      "Compenso orario",
      "Compenso",
      "Note",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Scegli le colonne" }));
    const chooser = await screen.findByRole("group", { name: "Colonne visibili", hidden: true });
    fireEvent.click(within(chooser).getByText("Festive"));
    expect(await within(grid).findByRole("columnheader", { name: /Festive/ })).toBeTruthy();
  });

  it("without erp_compensi_compensi: the hours, no amount column", async () => {
    userWith("paghe", ["erp_compensi"]);
    renderApp("/report/compensi", { as: "paghe" });
    const grid = await screen.findByRole("grid", { name: "Compensi" });
    expect(await within(grid).findByText("Verdi Bruno")).toBeTruthy();
    expect(within(grid).getByRole("columnheader", { name: /^Ore/ })).toBeTruthy();
    expect(within(grid).queryByRole("columnheader", { name: /Compenso/ })).toBeNull();
    expect(within(grid).queryByText(/^80,00\s€$/)).toBeNull();
  });
});

describe("Compensi — file paghe mensile", () => {
  it("one row per operator and month with hours by kind, pay and fiscal code for an admin", async () => {
    renderApp("/report/compensi", { as: "admin" });
    await screen.findByRole("grid", { name: "Compensi" });
    fireEvent.click(screen.getByRole("tab", { name: "File paghe mensile" }));
    const grid = await screen.findByRole("grid", { name: "File paghe mensile" });
    expect(await within(grid).findByText("RSSNNA80A41F205X")).toBeTruthy();
    const rows = within(grid).getAllByRole("row");
    const rossi = rows.find((r) => within(r).queryByText("RSSNNA80A41F205X")) as HTMLElement;
    expect(within(rossi).getByText(/^155,00\s€$/)).toBeTruthy();
    expect(within(rossi).getByText("15:30")).toBeTruthy();
    // The totals row under the grid (issue 32 item 4): the month's pay of everyone (one row has none).
    const totali = within(grid).getByText("Totale").closest('[role="row"]') as HTMLElement;
    expect(within(totali).getByText(/^155,00\s€$/)).toBeTruthy();
    expect(within(grid).getByRole("columnheader", { name: /Turni senza compenso/ })).toBeTruthy();
  });

  it("without the pay and personal-data permissions: the hours, no amount, no fiscal code", async () => {
    userWith("paghe2", ["erp_compensi"]);
    renderApp("/report/compensi", { as: "paghe2" });
    await screen.findByRole("grid", { name: "Compensi" });
    fireEvent.click(screen.getByRole("tab", { name: "File paghe mensile" }));
    const grid = await screen.findByRole("grid", { name: "File paghe mensile" });
    expect(await within(grid).findByText("Verdi")).toBeTruthy();
    expect(within(grid).queryByRole("columnheader", { name: /^Compenso/ })).toBeNull();
    expect(within(grid).queryByRole("columnheader", { name: /Codice fiscale/ })).toBeNull();
    expect(within(grid).queryByText("RSSNNA80A41F205X")).toBeNull();
  });
});

describe("Ricavi attività", () => {
  it("shows the revenue with erp_ricavi-attivita_ricavi, not without", async () => {
    userWith("fatture", ["erp_ricavi-attivita_ricavi"]);
    const first = renderApp("/report/ricavi-attivita", { as: "fatture" });
    let grid = await screen.findByRole("grid", { name: "Ricavi attività" });
    expect(await within(grid).findByText(/^176,00\s€$/)).toBeTruthy();
    first.unmount();
    userWith("ore", ["erp_ricavi-attivita"]);
    renderApp("/report/ricavi-attivita", { as: "ore" });
    grid = await screen.findByRole("grid", { name: "Ricavi attività" });
    expect((await within(grid).findAllByText("Banca Natalizia S.p.A.")).length).toBe(2);
    expect(within(grid).getByRole("columnheader", { name: /^Ore/ })).toBeTruthy();
    expect(within(grid).queryByRole("columnheader", { name: /Ricavo/ })).toBeNull();
  });
});
