/** /sopralluogo and /report/sopralluoghi: save an inspection (the body sent, the server's field errors shown), list them. */
import { File as NodeFile } from "node:buffer";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { db } from "../../../../mocks/store";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";
import { typeText } from "../../helpers/type-text";

const server = setupMockServer();
jest.setTimeout(60_000);

function type(form: HTMLElement, name: string, value: string) {
  const el = form.querySelector(`[name="${name}"]`);
  if (!el) throw new Error(`campo non trovato: ${name}`);
  fireEvent.change(el, { target: { value } });
}

describe("Sopralluogo", () => {
  it("sends the inspection with its checklist and says it is saved", async () => {
    const sent: unknown[] = [];
    server.events.on("request:start", async ({ request }) => {
      if (request.method === "POST" && request.url.endsWith("/api/report/sopralluoghi/"))
        sent.push(await request.clone().json());
    });
    renderApp("/sopralluogo", { as: "admin" });
    const form = await screen.findByRole("form", { name: "Sopralluogo" });
    type(form, "potenziale_cliente", "Gioielleria Nuova");
    type(form, "indirizzo", "Via Roma 1");
    type(form, "citta", "Milano");
    const data = form.querySelector('[name="data"]') as HTMLInputElement;
    typeText(data, "05032026", { clear: true });
    type(form, "ispettore", "Carlo Neri");
    type(form, "checklist.illuminazione", "Scarsa sul retro");
    type(form, "esito", "favorevole");
    fireEvent.click(within(form).getByRole("button", { name: "Salva sopralluogo" }));
    expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();
    expect(sent).toEqual([
      {
        data: expect.objectContaining({
          cliente: null,
          potenziale_cliente: "Gioielleria Nuova",
          indirizzo: "Via Roma 1",
          citta: "Milano",
          data: "2026-03-05",
          ispettore: "Carlo Neri",
          checklist: { accessi: "", illuminazione: "Scarsa sul retro", telecamere: "", allarmi: "", rischi: "" },
          esito: "favorevole",
        }),
      },
    ]);
  });

  it("sends the chosen photos after saving the inspection; a refused one is said by name", async () => {
    const fotos: string[] = [];
    server.events.on("request:start", ({ request }) => {
      if (request.method === "POST" && /\/sopralluoghi\/\d+\/foto\/$/.test(request.url)) fotos.push(request.url);
    });
    renderApp("/sopralluogo", { as: "admin" });
    const form = await screen.findByRole("form", { name: "Sopralluogo" });
    type(form, "potenziale_cliente", "Gioielleria Nuova");
    type(form, "indirizzo", "Via Roma 1");
    type(form, "citta", "Milano");
    type(form, "ispettore", "Carlo Neri");
    type(form, "esito", "favorevole");
    // Node's File: the multipart body goes through Node's fetch, which does not take jsdom's File.
    const input = within(form).getByLabelText("Foto del sopralluogo");
    fireEvent.change(input, {
      target: {
        files: [
          new NodeFile(["jpeg"], "ingresso.jpg", { type: "image/jpeg" }),
          new NodeFile(["<html>"], "pagina.html", { type: "text/html" }),
        ],
      },
    });
    expect(await within(form).findByText(/Selezionate: ingresso\.jpg, pagina\.html/)).toBeTruthy();
    fireEvent.click(within(form).getByRole("button", { name: "Salva sopralluogo" }));
    expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();
    expect(await screen.findByText(/Foto pagina\.html non salvata/)).toBeTruthy();
    expect(fotos).toHaveLength(2);
    const saved = db.reportSopralluoghi.find((x) => x.potenziale_cliente === "Gioielleria Nuova" && x.foto.length);
    expect(saved?.foto.map((f) => f.nome)).toEqual(["ingresso.jpg"]);
  });

  it("shows the server's field errors under the fields and keeps what was typed", async () => {
    server.use(
      http.post("*/api/report/sopralluoghi/", () =>
        HttpResponse.json(
          {
            detail: "Dati non validi",
            errors: { potenziale_cliente: "Indica il cliente o il nome del potenziale cliente" },
          },
          { status: 400 },
        ),
      ),
    );
    renderApp("/sopralluogo", { as: "admin" });
    const form = await screen.findByRole("form", { name: "Sopralluogo" });
    type(form, "indirizzo", "Via Roma 1");
    type(form, "citta", "Milano");
    type(form, "ispettore", "Carlo Neri");
    type(form, "esito", "favorevole");
    fireEvent.click(within(form).getByRole("button", { name: "Salva sopralluogo" }));
    expect(await within(form).findByText("Indica il cliente o il nome del potenziale cliente")).toBeTruthy();
    expect((form.querySelector('[name="indirizzo"]') as HTMLInputElement).value).toBe("Via Roma 1");
  });

  it("lists the inspections with their outcome", async () => {
    renderApp("/report/sopralluoghi", { as: "admin" });
    const grid = await screen.findByRole("grid", { name: "Sopralluoghi" });
    expect(await within(grid).findByText("Banca Natalizia S.p.A.")).toBeTruthy();
    expect(within(grid).getByText("Favorevole con riserva")).toBeTruthy();
    await waitFor(() => expect(within(grid).getByText("Piantonamento notturno")).toBeTruthy());
    const asked: string[] = [];
    server.events.on("request:start", ({ request }) => {
      if (request.url.includes("/pdf/")) asked.push(new URL(request.url).pathname);
    });
    fireEvent.click(within(grid).getByRole("button", { name: "Scarica PDF" }));
    await waitFor(() => expect(asked).toEqual(["/api/report/sopralluoghi/1/pdf/"]));
  });

  it("is for administrators only", async () => {
    renderApp("/sopralluogo", { as: "pianificatore" });
    expect(await screen.findByText("Non disponi di permessi sufficienti per questa sezione")).toBeTruthy();
  });
});
