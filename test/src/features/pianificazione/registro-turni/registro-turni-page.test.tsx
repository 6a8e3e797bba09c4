/**
 * 'Registro turni' (issue 15 item 3): opens on the current month (issue 32 item 10), asks the server for that period (and, when
 * chosen, for the day to see it as it stood), and shows the register's rows.
 */
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { monthOf } from "../../../../../src/features/pianificazione/common/month-range";
import { setupMockServer } from "../../../helpers/msw";
import { renderApp } from "../../../helpers/render-app";

const server = setupMockServer();

test("opens on the current month and shows the register as it stood on the chosen day", async () => {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get("*/api/pianificazione/registro-turni/", ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        count: 1,
        page: 1,
        results: [
          {
            giorno: "2026-10-10",
            orario: "07:00–13:00",
            operatore: "Bianchi Luca",
            cliente: "Banca Popolare S.p.A.",
            contratto: "Vigilanza filiali",
            confermato: true,
            ultima_modifica: "2026-10-09T16:00:00.000Z",
            evento: "Conferma",
            utente: "Rossi Marco",
            motivo: "",
            id: 1,
            turno_id: 10,
            operatore_id: 1,
            contratto_id: 4,
            servizio_id: 5,
          },
        ],
      });
    }),
  );
  const { router } = renderApp("/pianificazione/registro-turni", { as: "pianificatore" });
  expect(await screen.findByRole("heading", { name: "Registro turni" }, { timeout: 15000 })).toBeTruthy();
  expect(await screen.findByText("Bianchi Luca", {}, { timeout: 15000 })).toBeTruthy();
  expect(screen.getByText("07:00–13:00")).toBeTruthy();
  const mese = monthOf(new Date());
  expect(asked[0].get("dal")).toBe(mese.dal);
  expect(asked[0].get("al")).toBe(mese.al);
  expect(asked[0].get("al_momento")).toBeNull();

  fireEvent.change(screen.getByLabelText(/Com'era al giorno/), { target: { value: "2026-10-09" } });
  fireEvent.click(screen.getByRole("button", { name: "Applica" }));
  await waitFor(() => expect(asked.at(-1)?.get("al_momento")).toBe("2026-10-09"));

  // A row opens its shift's service grid at that month (issue 32 item 4).
  fireEvent.click(await screen.findByText("Bianchi Luca"));
  await waitFor(() =>
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      "/pianificazione/contratti/4/servizi/5/assegnazione-risorse?dal=2026-10-01&al=2026-10-31",
    ),
  );
});
