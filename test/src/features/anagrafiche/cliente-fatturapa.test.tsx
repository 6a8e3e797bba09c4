/**
 * The client's page, section 'Fattura elettronica' (issue 35 item 2): the FatturaPA data shown; a public
 * body with a 7-character code refused in the form (Italian message, nothing sent); a saved change sent
 * with the whole section; a contract's CIG saved; a server refusal under its field.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { IPA_NON_VALIDO } from "../../../../src/domain/contracts/fatturazione/dati-fatturapa";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();

const sezione = async () => screen.findByRole("form", { name: "Dati per la fattura elettronica" }, { timeout: 15000 });

test("checks a public body's IPA code in the form, then saves the section", async () => {
  const sent: unknown[] = [];
  server.use(
    http.put("*/api/fatturazione/clienti/:id/", async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({
        cliente: 1,
        ragione_sociale: "Banca Popolare di Bergamo S.p.A.",
        pubblica_amministrazione: true,
        codice_destinatario: "UFX9K2",
        pec: "",
        split_payment: true,
        natura: null,
        riferimento_normativo: "",
        contratti: [{ id: 1, titolo: "Presidio filiale", cig: "", cup: "" }],
      });
    }),
  );
  renderApp("/anagrafiche/clienti/1", { as: "admin" });
  const form = await sezione();
  const codice = within(form).getByLabelText(/^Codice destinatario/) as HTMLInputElement;
  expect(codice.value).toBe("M5UXCR1");
  fireEvent.click(within(form).getByRole("checkbox", { name: /^Pubblica amministrazione/ }));
  // The label follows the flag: a public body is reached by its IPA office code.
  await within(form).findByLabelText(/^Codice ufficio IPA/);
  fireEvent.click(within(form).getByRole("button", { name: "Salva dati fattura elettronica" }));
  expect(await within(form).findByText(IPA_NON_VALIDO)).toBeTruthy();
  expect(sent).toEqual([]);
  fireEvent.change(within(form).getByLabelText(/^Codice ufficio IPA/), { target: { value: "UFX9K2" } });
  const split = within(form).getByRole("checkbox", { name: /^Scissione dei pagamenti/ }) as HTMLInputElement;
  fireEvent.click(split);
  await waitFor(() => expect(split.checked).toBe(true));
  fireEvent.click(within(form).getByRole("button", { name: "Salva dati fattura elettronica" }));
  await waitFor(() =>
    expect(sent).toEqual([
      {
        data: {
          pubblica_amministrazione: true,
          codice_destinatario: "UFX9K2",
          pec: "",
          split_payment: true,
          natura: null,
          riferimento_normativo: "",
        },
      },
    ]),
  );
  expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();
});

test("saves a contract's CIG, and shows a refused CUP under its field", async () => {
  const sent: unknown[] = [];
  server.use(
    http.put("*/api/fatturazione/contratti/:id/", async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(
        {
          detail: "Si è verificato un errore di validazione",
          errors: { cup: "CUP non valido (15 caratteri, lettere e cifre)" },
        },
        { status: 400 },
      );
    }),
  );
  renderApp("/anagrafiche/clienti/1", { as: "admin" });
  const form = await screen.findByRole("form", { name: "CIG e CUP di Presidio filiale" }, { timeout: 15000 });
  fireEvent.change(within(form).getByLabelText(/^CIG/), { target: { value: "Z1234567AB" } });
  fireEvent.change(within(form).getByLabelText(/^CUP/), { target: { value: "J11B21000000001" } });
  fireEvent.click(within(form).getByRole("button", { name: "Salva" }));
  await waitFor(() => expect(sent).toEqual([{ data: { cig: "Z1234567AB", cup: "J11B21000000001" } }]));
  expect(await within(form).findByText("CUP non valido (15 caratteri, lettere e cifre)")).toBeTruthy();
});
