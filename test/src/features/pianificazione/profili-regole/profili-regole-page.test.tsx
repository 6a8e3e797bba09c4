/**
 * 'Profili regole' (issue 15 item 2: the rule profiles get a screen, administrators only): the
 * limits and their qualifications, a profile's limits changed in a dialog and sent as the PUT names.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { setupMockServer } from "../../../helpers/msw";
import { renderApp } from "../../../helpers/render-app";

const server = setupMockServer();

const PROFILO = {
  codice: "DLGS_66_2003",
  descrizione: "D.Lgs. 66/2003",
  riposo_minimo_ore: 11,
  max_ore_7_giorni: 48,
  max_ore_turno: 13,
  fonte: "D.Lgs. 8 aprile 2003, n. 66, artt. 4 e 7",
  posizioni: [{ id: 3, descrizione: "Steward" }],
};

test("an administrator changes a profile's limits", async () => {
  const puts: unknown[] = [];
  let stored = PROFILO;
  server.use(
    http.get("*/api/pianificazione/profili-regole/", () => HttpResponse.json({ results: [stored] })),
    http.put("*/api/pianificazione/profili-regole/", async ({ request }) => {
      const body = (await request.json()) as { data: { profili: (typeof PROFILO)[] } };
      puts.push(body);
      stored = { ...stored, ...body.data.profili[0] };
      return HttpResponse.json({ results: [stored] });
    }),
  );
  renderApp("/pianificazione/profili-regole", { as: "admin" });
  const table = await screen.findByRole("table", { name: "Profili" }, { timeout: 15000 });
  expect(within(table).getByText("11 h")).toBeTruthy();
  expect(within(table).getByText("Steward")).toBeTruthy();
  fireEvent.click(within(table).getByRole("button", { name: "Modifica" }));
  const dialog = await screen.findByRole("dialog", { name: "Modifica profilo" });
  fireEvent.change(within(dialog).getByRole("spinbutton", { name: /Riposo minimo/ }), { target: { value: "12" } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
  expect(await within(table).findByText("12 h")).toBeTruthy();
  await waitFor(() =>
    expect(puts).toEqual([
      {
        data: {
          profili: [
            // only what changed
            { codice: "DLGS_66_2003", riposo_minimo_ore: 12 },
          ],
        },
      },
    ]),
  );
});

test("a planner does not reach it", async () => {
  renderApp("/pianificazione/profili-regole", { as: "pianificatore" });
  expect(
    await screen.findByText("Non disponi di permessi sufficienti per questa sezione", {}, { timeout: 15000 }),
  ).toBeTruthy();
});
