/**
 * Every list whose rows have a record opens it on a click anywhere on the row (issue 32 item 4), not
 * only on the link in its first column.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

setupMockServer();
jest.setTimeout(60_000);

const CASES: [page: string, grid: RegExp, opens: RegExp][] = [
  ["/anagrafiche/operatori", /Operatori/, /^\/anagrafiche\/operatori\/\d+$/],
  ["/anagrafiche/clienti", /Clienti/, /^\/anagrafiche\/clienti\/\d+$/],
  ["/anagrafiche/candidati", /Candidati/, /^\/anagrafiche\/candidati\/\d+\/modifica$/],
  ["/pianificazione/contratti", /Contratti/, /^\/pianificazione\/contratti\/\d+\/dati-generali$/],
  ["/console/ticket-supporto", /Ticket/, /^\/console\/ticket-supporto\?ticket=\d+$/],
  ["/console/anomalie", /Anomalie/, /^\/console\/anomalie\?anomalia=\d+$/],
  ["/console/comunicazioni-azienda", /Comunicazioni/, /^\/console\/comunicazioni-azienda\?comunicazione=\d+$/],
  ["/cms/eventi", /Eventi/, /^\/cms\/eventi\/\d+$/],
  ["/report/scadenze-documenti", /Scadenze/, /^\/anagrafiche\/operatori\/\d+\/documenti-corsi$/],
  ["/report/pratiche", /Pratiche/, /^\/anagrafiche\/operatori\/\d+\/contratti-pratiche$/],
  [
    "/pianificazione/intermittenti",
    /Intermittenti/,
    /^\/pianificazione\/contratti\/\d+\/servizi\/\d+\/assegnazione-risorse\?dal=\d{4}-\d\d-01&al=\d{4}-\d\d-\d\d$/,
  ],
];

test.each(CASES)("%s: a click on a row's plain cell opens its record", async (page, _name, opens) => {
  const { router } = renderApp(page, { as: "admin" });
  const grid = await screen.findByRole("grid", {}, { timeout: 20000 });
  const rows = await within(grid).findAllByRole("row", {}, { timeout: 20000 });
  const first = rows.find((r) => within(r).queryAllByRole("gridcell").length > 0) as HTMLElement;
  // The last cell: never the record's link.
  const cells = within(first).getAllByRole("gridcell");
  fireEvent.click(cells[cells.length - 1]);
  await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toMatch(opens));
});
