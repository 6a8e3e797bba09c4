/**
 * Impostazioni → Costo del lavoro (issue 32 item 11): each qualification's factor shown in Italian
 * format, a change sent alone (an emptied field removes the factor), a factor out of range refused
 * under its field before anything is sent.
 */
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { db } from "../../../../../mocks/store";
import { setupMockServer } from "../../../helpers/msw";
import { renderApp } from "../../../helpers/render-app";

const server = setupMockServer();

test("shows the factors and sends only the qualifications that changed", async () => {
  const sent: unknown[] = [];
  server.use(
    http.put("*/api/report/costo-lavoro/", async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ qualifiche: db.costoLavoro });
    }),
  );
  renderApp("/impostazioni/costo-lavoro", { as: "admin" });
  const armata = (await screen.findByLabelText(
    /^Guardia particolare giurata armata/,
    {},
    { timeout: 15000 },
  )) as HTMLInputElement;
  expect(armata.value).toBe("1,42");
  const steward = screen.getByLabelText(/^Steward/) as HTMLInputElement;
  expect(steward.value).toBe("");
  fireEvent.change(steward, { target: { value: "1,385" } });
  fireEvent.change(armata, { target: { value: "" } });
  fireEvent.click(screen.getByRole("button", { name: "Salva" }));
  await waitFor(() =>
    expect(sent).toEqual([
      {
        data: {
          fattori: [
            { posizione_id: 1, fattore: null },
            { posizione_id: 5, fattore: 1.385 },
          ],
        },
      },
    ]),
  );
  expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();
});

test("a factor below 1 is refused under its field and nothing is sent", async () => {
  let sent = false;
  server.use(
    http.put("*/api/report/costo-lavoro/", () => {
      sent = true;
      return HttpResponse.json({ qualifiche: db.costoLavoro });
    }),
  );
  renderApp("/impostazioni/costo-lavoro", { as: "admin" });
  const steward = await screen.findByLabelText(/^Steward/, {}, { timeout: 15000 });
  fireEvent.change(steward, { target: { value: "0,8" } });
  fireEvent.blur(steward);
  fireEvent.click(screen.getByRole("button", { name: "Salva" }));
  expect(await screen.findByText("Il fattore va da 1 a 3 (es. 1,42 = compenso + 42 %)")).toBeTruthy();
  expect(sent).toBe(false);
});
