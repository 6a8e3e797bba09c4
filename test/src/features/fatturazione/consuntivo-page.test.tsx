/**
 * 'Consuntivo ore' (issue 35 item 1): a contract's month from a shared link — the open shift first,
 * the state of the month; a correction sent with its reason as instants; the approval after a
 * confirmation, then the month shown as approved.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
const URL_MESE = "/fatturazione/consuntivo?f.contratto=1&f.mese=2026-03&page=1";

test("shows the month with the open shift first and its state", async () => {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get("*/api/fatturazione/consuntivo/", ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return undefined;
    }),
  );
  renderApp(URL_MESE, { as: "admin" });
  expect(await screen.findByRole("heading", { name: "Consuntivo ore" }, { timeout: 15000 })).toBeTruthy();
  const stato = await screen.findByTestId("stato-consuntivo", {}, { timeout: 15000 });
  expect(within(stato).getByText("Da approvare")).toBeTruthy();
  expect(within(stato).getByText("1 turno con ingresso senza uscita")).toBeTruthy();
  await screen.findAllByText("Bianchi Luca", {}, { timeout: 15000 });
  expect(asked[0].get("contratto")).toBe("1");
  expect(asked[0].get("mese")).toBe("2026-03");
  expect(asked[0].get("order_field")).toBe("aperto");
  expect(asked[0].get("order_asc")).toBe("false");
  expect(screen.getByText("Timbrature")).toBeTruthy();
});

test("a correction goes with its reason, the times as instants", async () => {
  let sent: unknown;
  server.use(
    http.post("*/api/fatturazione/consuntivo/rettifiche/", async ({ request }) => {
      sent = await request.json();
      return HttpResponse.json({ id: 1, turno_operatore: 901, lavorate: 28920, deroga: false }, { status: 201 });
    }),
  );
  renderApp(URL_MESE, { as: "admin" });
  const celle = await screen.findAllByText("Bianchi Luca", {}, { timeout: 15000 });
  fireEvent.click(celle[0]);
  const form = await screen.findByRole("form", { name: "Rettifica orari" });
  fireEvent.change(within(form).getByLabelText(/Uscita/), { target: { value: "03/03/2026 16:00" } });
  fireEvent.change(within(form).getByLabelText(/Motivo della rettifica/), {
    target: { value: "Uscita non timbrata: telefono scarico" },
  });
  fireEvent.click(within(form).getByRole("button", { name: "Salva rettifica" }));
  await waitFor(() =>
    expect(sent).toEqual({
      data: {
        turno_operatore: 901,
        periodi: [{ inizio: "2026-03-03T06:58:00.000Z", fine: "2026-03-03T15:00:00.000Z" }],
        motivo: "Uscita non timbrata: telefono scarico",
      },
    }),
  );
  expect(await screen.findByText("Rettifica salvata")).toBeTruthy();
});

test("approves the month after a confirmation", async () => {
  renderApp(URL_MESE, { as: "admin" });
  fireEvent.click(await screen.findByRole("button", { name: "Approva il mese" }, { timeout: 15000 }));
  fireEvent.click(await screen.findByRole("button", { name: "Approva" }));
  const stato = screen.getByTestId("stato-consuntivo");
  expect(await within(stato).findByText(/Approvato il 02\/04\/2026 09:30:00 da Rossi Mario/)).toBeTruthy();
  expect(within(stato).queryByRole("button", { name: "Approva il mese" })).toBeNull();
});
