/**
 * 'Presenze per le paghe' (issue 35 item 3): an approved month shows each guard's hours by causale and
 * offers the presence file and the Libro Unico calendar; a month not approved names the contracts to
 * approve and offers no file.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();

test("shows the approved month's causali per guard and downloads the file and the calendar", async () => {
  const scaricati: string[] = [];
  const file = (nome: string) => () =>
    HttpResponse.text("x", {
      headers: { "content-type": "text/plain", "content-disposition": `attachment; filename="${nome}"` },
    });
  server.use(
    http.get("*/api/fatturazione/paghe/file/", ({ request }) => {
      scaricati.push(new URL(request.url).search);
      return file("presenze.txt")();
    }),
    http.get("*/api/fatturazione/paghe/libro-unico/", ({ request }) => {
      scaricati.push(new URL(request.url).search);
      return file("libro-unico.pdf")();
    }),
  );
  global.URL.createObjectURL = jest.fn(() => "blob:x");
  global.URL.revokeObjectURL = jest.fn();
  renderApp("/fatturazione/paghe", { as: "admin" });
  const tabella = await screen.findByRole("table", { name: "Presenze del mese" }, { timeout: 15000 });
  const riga = within(tabella).getByText("Bianchi Marco").closest("tr") as HTMLElement;
  expect(within(riga).getByText("30:00")).toBeTruthy();
  expect(within(riga).getByText("06:00")).toBeTruthy();
  expect(within(riga).getByText("08:00")).toBeTruthy();
  expect(within(riga).getByText("36:00")).toBeTruthy();
  const mese = (screen.getByLabelText("Mese") as HTMLSelectElement).value;
  fireEvent.click(screen.getByRole("button", { name: "Scarica file presenze" }));
  fireEvent.click(screen.getByRole("button", { name: "Calendario Libro Unico di Bianchi Marco" }));
  await waitFor(() => expect(scaricati).toEqual([`?mese=${mese}`, `?mese=${mese}&operatore=1`]));
});

test("a month not approved names the contracts to approve and offers no file", async () => {
  server.use(
    http.get("*/api/fatturazione/paghe/", ({ request }) =>
      HttpResponse.json({
        mese: new URL(request.url).searchParams.get("mese"),
        approvato: false,
        da_approvare: [
          { id: 1, titolo: "Presidio filiale" },
          { id: 2, titolo: "Portierato magazzino" },
        ],
        operatori: [],
        totali: {
          ordinario: 0,
          straordinario: 0,
          notturno: 0,
          festivo: 0,
          domenicale: 0,
          ferie: 0,
          assenza: 0,
          riposo: 0,
        },
      }),
    ),
  );
  renderApp("/fatturazione/paghe", { as: "admin" });
  const stato = (await screen.findByText("Mese non approvato", {}, { timeout: 15000 })).parentElement as HTMLElement;
  expect(stato.textContent).toContain(
    "Approva nel Consuntivo ore i contratti: Presidio filiale, Portierato magazzino.",
  );
  expect(screen.queryByRole("button", { name: "Scarica file presenze" })).toBeNull();
});
