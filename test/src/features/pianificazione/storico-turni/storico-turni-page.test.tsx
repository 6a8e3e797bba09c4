/**
 * 'Storico turni' (issue 32 item 16: the API had no screen): opens on the current month, shows each
 * shift's coverage and operators, and a click on a row opens the shift's Assegnazione avanzata.
 */
import { fireEvent, screen } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { monthOf } from "../../../../../src/features/pianificazione/common/month-range";
import { setupMockServer } from "../../../helpers/msw";
import { renderApp } from "../../../helpers/render-app";

const server = setupMockServer();

const riga = {
  giorno: "2026-10-10",
  cliente: "Banca Popolare S.p.A.",
  contratto: "Vigilanza filiali",
  indirizzo: "Via Roma 1, Bologna",
  turno_id: 10,
  orario: "07:00–13:00",
  posizione: "Guardia giurata",
  operatori_richiesti: 3,
  assegnati: 2,
  confermati: 1,
  operatori: [
    { id: 1, cognome: "Bianchi", nome: "Luca", confermato: true },
    { id: 2, cognome: "Verdi", nome: "Anna", confermato: false },
  ],
  ore_lavorate: 21600,
  contratto_id: 4,
  servizio_id: 5,
  giorno_id: 6,
  inizio_f1: "07:00:00",
  fine_f1: "13:00:00",
  inizio_f2: null,
  fine_f2: null,
};

test("shows the month's shifts with their coverage, and a row opens the shift", async () => {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get("*/api/pianificazione/storico-turni/", ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json({ count: 1, page: 1, results: [riga] });
    }),
  );
  const { router } = renderApp("/pianificazione/storico-turni", { as: "pianificatore" });
  expect(await screen.findByRole("heading", { name: "Storico turni" }, { timeout: 15000 })).toBeTruthy();
  expect(await screen.findByText("Bianchi Luca ✓, Verdi Anna", {}, { timeout: 15000 })).toBeTruthy();
  expect(screen.getByText("2 / 3")).toBeTruthy();
  const mese = monthOf(new Date());
  expect(asked[0].get("dal")).toBe(mese.dal);
  expect(asked[0].get("al")).toBe(mese.al);

  fireEvent.click(screen.getByText("Banca Popolare S.p.A."));
  expect(router.state.location.pathname).toBe(
    "/pianificazione/contratti/4/servizi/5/giorno/6/turno/10/assegnazione-avanzata",
  );
});
