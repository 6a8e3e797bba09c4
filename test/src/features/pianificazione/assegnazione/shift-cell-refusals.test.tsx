/**
 * Issue 32 item 2 on the planning grid: the cell's picker offers the shift's own ranking — the
 * eligible operators first, then those the server would refuse, each marked with the reason before
 * any click; a refusal names its operator and goes as soon as the cell's people change (another
 * operator assigned), instead of staying under whoever is there next.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { setupMockServer } from "../../../helpers/msw";
import { renderApp } from "../../../helpers/render-app";

const server = setupMockServer();
const GRID = "/pianificazione/contratti/1/servizi/1/assegnazione-risorse?dal=2026-03-01&al=2026-03-31";
const SLOW = { timeout: 15000 };
const SOVRAPPOSTO = "L'operatore ha già un turno sovrapposto (02/03/2026 08:00–16:00)";

async function openPicker() {
  const cell = await screen.findByTestId("turno-1003", {}, SLOW);
  fireEvent.click(within(cell).getByRole("button", { name: "Assegna operatore al turno 1003" }));
  return cell;
}

test("the picker lists the eligible operators first and marks the ones it will refuse, with the reason", async () => {
  renderApp(GRID, { as: "admin" });
  const cell = await openPicker();
  const refused = await within(cell).findByRole("button", { name: /Colombo Andrea/ }, SLOW);
  expect(refused.textContent).toContain(
    "Sarà rifiutato: L'operatore non ha la qualifica richiesta: Guardia particolare giurata; L'operatore non è gradito dal cliente su questo contratto",
  );
  const names = within(cell)
    .getAllByRole("button")
    .filter((b) => b.hasAttribute("data-idoneo"))
    .map((b) => [b.textContent?.split("Sarà")[0], b.getAttribute("data-idoneo")]);
  const firstRefused = names.findIndex(([, ok]) => ok === "false");
  expect(firstRefused).toBeGreaterThan(0);
  expect(names.slice(firstRefused).every(([, ok]) => ok === "false")).toBe(true);
  // Typing narrows it, in any word order.
  fireEvent.change(within(cell).getByLabelText("Operatore da assegnare"), { target: { value: "marta ricci" } });
  const ricci = await within(cell).findByRole("button", { name: /Ricci Marta/ });
  expect(ricci.textContent).toContain("Sarà rifiutato: L'operatore è in black list");
  expect(within(cell).queryByRole("button", { name: /Colombo Andrea/ })).toBeNull();
});

test("a refusal names its operator and goes when another operator is put on the shift", async () => {
  server.use(
    http.post("*/turni/1003/operatori/", async ({ request }) => {
      const body = (await request.json()) as { data: { operatore: { id: number } } };
      if (body.data.operatore.id === 5)
        return HttpResponse.json(
          {
            detail: SOVRAPPOSTO,
            reason: "sovrapposizione",
            reasons: [{ code: "sovrapposizione", message: SOVRAPPOSTO }],
          },
          { status: 409 },
        );
      return undefined; // the mock server's own assignment
    }),
  );
  renderApp(GRID, { as: "admin" });
  let cell = await openPicker();
  fireEvent.click(await within(cell).findByRole("button", { name: /Marino Davide/ }, SLOW));
  await within(cell).findByText(`Marino Davide: ${SOVRAPPOSTO}`, {}, SLOW);

  cell = await openPicker();
  fireEvent.click(await within(cell).findByRole("button", { name: /Bianchi Luca/ }, SLOW));
  // Bianchi is on the shift after the reload; the refusal about Marino is gone from the cell.
  await within(screen.getByTestId("turno-1003")).findByText(/Bianchi Luca/, {}, SLOW);
  await waitFor(() => expect(within(screen.getByTestId("turno-1003")).queryByText(/Marino Davide:/)).toBeNull(), SLOW);
});
