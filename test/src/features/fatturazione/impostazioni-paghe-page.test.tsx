/**
 * 'Paghe: tracciato e causali' (administrators, issue 35 item 3): the presets said to be modelled on
 * the common imports, a recoded causale sent with the whole table, a preset switch sent alone, a
 * refused code shown under its field.
 */
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { db } from "../../../../mocks/store";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();

const catturaPut = () => {
  const sent: unknown[] = [];
  server.use(
    http.put("*/api/fatturazione/paghe/impostazioni/", async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(db.impostazioniPaghe);
    }),
  );
  return sent;
};

test("recodes a causale: the whole table is sent, and the change is saved", async () => {
  const sent = catturaPut();
  renderApp("/impostazioni/paghe", { as: "admin" });
  const straordinario = (await screen.findByLabelText(/^Straordinario/, {}, { timeout: 15000 })) as HTMLInputElement;
  expect(straordinario.value).toBe("STR");
  expect(screen.getByText(/non certificati dai produttori/)).toBeTruthy();
  fireEvent.change(straordinario, { target: { value: "S01" } });
  fireEvent.click(screen.getByRole("button", { name: "Salva" }));
  await waitFor(() => expect(sent).toHaveLength(1));
  const data = (sent[0] as { data: { causali: { causale: string; codice: string }[] } }).data;
  expect(Object.keys(data)).toEqual(["causali"]);
  expect(data.causali).toHaveLength(8);
  expect(data.causali[1]).toEqual({ causale: "straordinario", codice: "S01" });
  expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();
});

test("switching to the TeamSystem-like preset sends the preset alone", async () => {
  const sent = catturaPut();
  renderApp("/impostazioni/paghe", { as: "admin" });
  const preset = await screen.findByLabelText("Modello di tracciato", {}, { timeout: 15000 });
  fireEvent.change(preset, { target: { value: "teamsystem" } });
  fireEvent.click(screen.getByRole("button", { name: "Salva" }));
  await waitFor(() => expect(sent).toEqual([{ data: { preset: "teamsystem" } }]));
});

test("a refused code shows the server's message under the field", async () => {
  server.use(
    http.put("*/api/fatturazione/paghe/impostazioni/", () =>
      HttpResponse.json(
        { detail: "Si è verificato un errore di validazione", errors: { "causali.0.codice": "Solo lettere e cifre" } },
        { status: 400 },
      ),
    ),
  );
  renderApp("/impostazioni/paghe", { as: "admin" });
  const ordinario = await screen.findByLabelText(/^Ordinario/, {}, { timeout: 15000 });
  fireEvent.change(ordinario, { target: { value: "O-1" } });
  fireEvent.click(screen.getByRole("button", { name: "Salva" }));
  expect(await screen.findByText("Solo lettere e cifre")).toBeTruthy();
});

test("choosing a preset fills the layout at once; changing a column makes it 'Personalizzato'", async () => {
  const sent = catturaPut();
  renderApp("/impostazioni/paghe", { as: "admin" });
  const preset = (await screen.findByLabelText("Modello di tracciato", {}, { timeout: 15000 })) as HTMLSelectElement;
  const separatore = screen.getByLabelText("Separatore") as HTMLSelectElement;
  fireEvent.change(preset, { target: { value: "teamsystem" } });
  await waitFor(() => expect(separatore.value).toBe(";"));
  fireEvent.change(preset, { target: { value: "zucchetti" } });
  await waitFor(() => expect(separatore.value).toBe(""));
  fireEvent.change(screen.getByLabelText("Larghezza colonna 1"), { target: { value: "9" } });
  await waitFor(() => expect(preset.value).toBe("personalizzato"));
  fireEvent.click(screen.getByRole("button", { name: "Salva" }));
  await waitFor(() => expect(sent).toHaveLength(1));
  const data = (sent[0] as { data: { tracciato?: { colonne: { larghezza: number }[] }; preset?: string } }).data;
  expect(data.preset).toBeUndefined();
  expect(data.tracciato?.colonne[0]?.larghezza).toBe(9);
});
