/** 'Dati di fatturazione' (administrators, issue 35 item 2): the company's data shown, a change sent alone, a refusal under its field. */
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { db } from "../../../../mocks/store";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();

test("shows the company's data and sends only what changed", async () => {
  let sent: unknown;
  server.use(
    http.put("*/api/fatturazione/impostazioni/", async ({ request }) => {
      sent = await request.json();
      return HttpResponse.json({ ...db.impostazioniFatturazione, comune: "Monza" });
    }),
  );
  renderApp("/impostazioni/fatturazione", { as: "admin" });
  const comune = (await screen.findByLabelText(/^Comune/, {}, { timeout: 15000 })) as HTMLInputElement;
  expect(comune.value).toBe("Milano");
  expect((screen.getByLabelText(/^Partita IVA/) as HTMLInputElement).value).toBe("02111222330");
  fireEvent.change(comune, { target: { value: "Monza" } });
  fireEvent.click(screen.getByRole("button", { name: "Salva" }));
  await waitFor(() => expect(sent).toEqual({ data: { comune: "Monza" } }));
  expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();
});

test("a refused value shows the server's message under the field", async () => {
  server.use(
    http.put("*/api/fatturazione/impostazioni/", () =>
      HttpResponse.json(
        { detail: "Si è verificato un errore di validazione", errors: { partita_iva: "Partita IVA non valida" } },
        { status: 400 },
      ),
    ),
  );
  renderApp("/impostazioni/fatturazione", { as: "admin" });
  const piva = await screen.findByLabelText(/^Partita IVA/, {}, { timeout: 15000 });
  fireEvent.change(piva, { target: { value: "12345678901" } });
  fireEvent.click(screen.getByRole("button", { name: "Salva" }));
  expect(await screen.findByText("Partita IVA non valida")).toBeTruthy();
});
