/**
 * Overriding a working-time limit from the grid (issue 15 item 2): the server refuses the rest,
 * the refusal says it may be overridden; a user holding erp_contratti_deroghe gives the reason and
 * the same assignment is sent with it; the refusal disappears once the operator is on the shift.
 * A planner without the permission sees the refusal and no override.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { setupMockServer } from "../../../helpers/msw";
import { renderApp } from "../../../helpers/render-app";

const server = setupMockServer();
const GRID = "/pianificazione/contratti/1/servizi/1/assegnazione-risorse?dal=2026-03-01&al=2026-03-31";
const REST =
  "Riposo insufficiente: solo 7:00 ore dalla fine del turno precedente (02/03/2026 22:00), il minimo è di 11 ore consecutive (D.Lgs. 66/2003)";

function refuseRestUnlessDerogated() {
  const bodies: unknown[] = [];
  server.use(
    http.get("*/api/anagrafiche/operatori/", () =>
      HttpResponse.json({
        count: 1,
        page: 1,
        results: [{ id: 5, codice: "OP00005", cognome: "Marino", nome: "Davide" }],
      }),
    ),
    http.post("*/turni/1003/operatori/", async ({ request }) => {
      const body = (await request.json()) as { data: { deroga?: string } };
      bodies.push(body);
      if (!body.data.deroga)
        return HttpResponse.json(
          {
            detail: REST,
            reason: "riposo_insufficiente",
            reasons: [{ code: "riposo_insufficiente", message: REST }],
            derogabile: true,
          },
          { status: 409 },
        );
      return HttpResponse.json({
        result: "OK",
        operatore: { id: 5, cognome: "Marino", nome: "Davide", confermato: false },
        warnings: [],
      });
    }),
  );
  return bodies;
}

async function assignMarino() {
  const cell = await screen.findByTestId("turno-1003", {}, { timeout: 15000 });
  fireEvent.click(within(cell).getByRole("button", { name: "Assegna operatore al turno 1003" }));
  fireEvent.change(within(cell).getByLabelText("Operatore da assegnare"), { target: { value: "Marino" } });
  fireEvent.click(await within(cell).findByRole("button", { name: /Marino Davide/ }, { timeout: 15000 }));
  // The refusal names whom it is about (issue 32 item 2).
  await within(cell).findByText(`Marino Davide: ${REST}`, {}, { timeout: 15000 });
  return cell;
}

test("a holder of erp_contratti_deroghe overrides a rest refusal with a reason", async () => {
  const bodies = refuseRestUnlessDerogated();
  renderApp(GRID, { as: "admin" });
  const cell = await assignMarino();
  fireEvent.click(within(cell).getByRole("button", { name: "Deroga con motivazione" }));
  const dialog = await screen.findByRole("dialog", { name: "Deroga ai limiti" });
  fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
  expect(await within(dialog).findByText("Questo campo è obbligatorio")).toBeTruthy();
  fireEvent.change(within(dialog).getByRole("textbox", { name: "Motivazione" }), {
    target: { value: "Unico operatore disponibile" },
  });
  fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
  await waitFor(() => expect(bodies).toHaveLength(2));
  expect(bodies).toEqual([
    { data: { operatore: { id: 5 }, add: true } },
    { data: { operatore: { id: 5 }, add: true, deroga: "Unico operatore disponibile" } },
  ]);
  await waitFor(() =>
    expect(within(screen.getByTestId("turno-1003")).queryByText(`Marino Davide: ${REST}`)).toBeNull(),
  );
  expect(within(screen.getByTestId("turno-1003")).getByText(/Marino Davide/)).toBeTruthy();
});

test("a planner without the permission sees the refusal and no override", async () => {
  refuseRestUnlessDerogated();
  renderApp(GRID, { as: "pianificatore" });
  const cell = await assignMarino();
  expect(within(cell).queryByRole("button", { name: "Deroga con motivazione" })).toBeNull();
});
