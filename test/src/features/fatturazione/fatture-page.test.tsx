/**
 * 'Fatture' (issue 35 item 2): the month's drafts prepared from the approved hours; a draft opened,
 * issued (the number shown), its XML downloaded; a refused issue shows the server's message naming
 * the missing field.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();

test("prepares a month's drafts and says which clients were skipped", async () => {
  let sent: unknown;
  server.use(
    http.post("*/api/fatturazione/fatture/bozze/", async ({ request }) => {
      sent = await request.json();
      return HttpResponse.json({
        create: [71],
        avvisi: ["«Magazzini S.r.l.»: manca il prezzo della qualifica «Steward»"],
      });
    }),
  );
  renderApp("/fatturazione/fatture", { as: "admin" });
  expect(await screen.findByRole("heading", { name: "Fatture" }, { timeout: 15000 })).toBeTruthy();
  fireEvent.change(screen.getByLabelText("Mese da fatturare"), {
    target: { value: screen.getAllByRole("option")[2].getAttribute("value") },
  });
  const mese = (screen.getByLabelText("Mese da fatturare") as HTMLSelectElement).value;
  fireEvent.click(screen.getByRole("button", { name: "Prepara bozze" }));
  await waitFor(() => expect(sent).toEqual({ data: { mese } }));
  expect(await screen.findByText("1 bozza preparata")).toBeTruthy();
  expect(await screen.findByText("«Magazzini S.r.l.»: manca il prezzo della qualifica «Steward»")).toBeTruthy();
});

test("opens a draft, issues it and offers the XML", async () => {
  const scaricati: string[] = [];
  server.use(
    http.get("*/api/fatturazione/fatture/:id/xml/", ({ params }) => {
      scaricati.push(String(params.id));
      return HttpResponse.text("<x/>", {
        headers: { "content-type": "application/xml", "content-disposition": 'attachment; filename="IT1_00001.xml"' },
      });
    }),
  );
  global.URL.createObjectURL = jest.fn(() => "blob:x");
  global.URL.revokeObjectURL = jest.fn();
  renderApp("/fatturazione/fatture", { as: "admin" });
  fireEvent.click(await screen.findByText("Banca Popolare di Bergamo S.p.A.", {}, { timeout: 15000 }));
  const drawer = await screen.findByRole("dialog");
  expect(within(drawer).getByText(/ore diurne feriali \(03\/2026\)/)).toBeTruthy();
  expect(within(drawer).getByText(/Totale 878,40/)).toBeTruthy();
  fireEvent.click(within(drawer).getByRole("button", { name: "Emetti" }));
  expect(await within(drawer).findByText(/Fattura n\. 1\/2026/)).toBeTruthy();
  fireEvent.click(within(drawer).getByRole("button", { name: "Scarica XML" }));
  await waitFor(() => expect(scaricati).toEqual(["71"]));
});

test("a refused issue shows the field the server names", async () => {
  server.use(
    http.post("*/api/fatturazione/fatture/:id/emetti/", () =>
      HttpResponse.json(
        {
          detail: "Cliente «Banca Popolare di Bergamo S.p.A.»: manca il codice destinatario (7 caratteri) o la PEC",
          errors: { "cliente.codice_sdi": "manca il codice destinatario" },
        },
        { status: 400 },
      ),
    ),
  );
  renderApp("/fatturazione/fatture", { as: "admin" });
  fireEvent.click(await screen.findByText("Banca Popolare di Bergamo S.p.A.", {}, { timeout: 15000 }));
  const drawer = await screen.findByRole("dialog");
  fireEvent.click(within(drawer).getByRole("button", { name: "Emetti" }));
  expect(
    await screen.findByText(
      "Cliente «Banca Popolare di Bergamo S.p.A.»: manca il codice destinatario (7 caratteri) o la PEC",
    ),
  ).toBeTruthy();
  expect(within(drawer).getByText("Bozza")).toBeTruthy();
});

test("downloads the month's issued XML as a zip for the intermediary", async () => {
  const scaricati: string[] = [];
  server.use(
    http.get("*/api/fatturazione/fatture/zip/", ({ request }) => {
      scaricati.push(new URL(request.url).search);
      return HttpResponse.arrayBuffer(new TextEncoder().encode("PK").buffer, {
        headers: { "content-type": "application/zip", "content-disposition": 'attachment; filename="fatture.zip"' },
      });
    }),
  );
  global.URL.createObjectURL = jest.fn(() => "blob:x");
  global.URL.revokeObjectURL = jest.fn();
  renderApp("/fatturazione/fatture", { as: "admin" });
  const bottone = await screen.findByRole("button", { name: "Zip XML per l'intermediario" }, { timeout: 15000 });
  const mese = (screen.getByLabelText("Mese di emissione") as HTMLSelectElement).value;
  fireEvent.click(bottone);
  await waitFor(() => expect(scaricati).toEqual([`?mese=${mese}`]));
});
