/**
 * Intermittenti: the period filter and 'Segna come inviata''s date read DD/MM/YYYY; the date typed
 * is sent as YYYY-MM-DD, an impossible one is refused before anything is sent.
 */
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { db } from "../../../../../mocks/store";
import { formatDate, toApiDate } from "../../../../../src/domain/format";
import { setupMockServer } from "../../../helpers/msw";
import { renderApp } from "../../../helpers/render-app";
import { typeText } from "../../../helpers/type-text";

const server = setupMockServer();
const SLOW = { timeout: 15000 };

test("'Segna come inviata' starts on today in DD/MM/YYYY, refuses an impossible date and sends the typed one as ISO", async () => {
  const today = toApiDate(new Date());
  db.intermittenti[0].giorno = today; // in the month the page opens on
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.post("*/api/pianificazione/intermittenti/:id/comunicazione/", async ({ request }) => {
      const { data } = (await request.json()) as { data: Record<string, unknown> };
      sent.push(data);
      return HttpResponse.json({ result: "OK", inviata_il: data.inviata_il, riferimento: data.riferimento });
    }),
  );
  renderApp("/pianificazione/intermittenti", { as: "admin" });
  const dal = (await screen.findByRole("textbox", { name: "Periodo dal" }, SLOW)) as HTMLInputElement;
  expect(dal.value).toBe(formatDate(`${today.slice(0, 8)}01`));

  fireEvent.click(await screen.findByRole("button", { name: "Segna come inviata" }, SLOW));
  const data = screen.getByRole("textbox", { name: "Data invio" }) as HTMLInputElement;
  expect(data.value).toBe(formatDate(today));

  typeText(data, "31022026", { clear: true });
  fireEvent.click(screen.getByRole("button", { name: "Salva" }));
  expect(await screen.findByText("Data invio non valida (GG/MM/AAAA)")).toBeTruthy();
  expect(data.value).toBe("31/02/2026");
  expect(sent).toEqual([]);

  typeText(data, "05032026", { clear: true });
  fireEvent.change(screen.getByRole("textbox", { name: "Riferimento" }), { target: { value: "UNILAV 123" } });
  fireEvent.click(screen.getByRole("button", { name: "Salva" }));
  await waitFor(() => expect(sent).toEqual([{ inviata_il: "2026-03-05", riferimento: "UNILAV 123" }]));
});
