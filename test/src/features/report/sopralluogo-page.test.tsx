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

  it("shows a saved inspection's photos as thumbnails, larger on a click, and deletes one after a confirmation", async () => {
    const deleted: string[] = [];
    server.events.on("request:start", ({ request }) => {
      if (request.method === "DELETE") deleted.push(new URL(request.url).pathname);
    });
    renderApp("/sopralluogo?id=1", { as: "admin" });
    const scheda = await screen.findByLabelText("Sopralluogo n. 1");
    expect(within(scheda).getByText("Banca Natalizia S.p.A.")).toBeTruthy();
    expect(within(scheda).getByText("Scarsa sul retro")).toBeTruthy();
    expect(within(scheda).getByText("Foto (1)")).toBeTruthy();
    const miniatura = await within(scheda).findByRole("button", { name: "Apri la foto ingresso.jpg" });
    expect(within(miniatura).getByRole("img", { name: "ingresso.jpg" })).toBeTruthy();
    fireEvent.click(miniatura);
    const dialog = await screen.findByRole("dialog", { name: "ingresso.jpg" });
    expect(within(dialog).getByRole("img", { name: "ingresso.jpg" })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Chiudi" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "ingresso.jpg" })).toBeNull());

    fireEvent.click(within(scheda).getByRole("button", { name: "Elimina la foto ingresso.jpg" }));
    const conferma = await screen.findByRole("alertdialog");
    expect(
      within(conferma).getByText(
        "Sei sicuro di voler eliminare la foto ingresso.jpg? L'operazione non potrà essere annullata.",
      ),
    ).toBeTruthy();
    expect(deleted).toEqual([]);
    fireEvent.click(within(conferma).getByRole("button", { name: "Elimina" }));
    expect(await screen.findByText("Foto eliminata")).toBeTruthy();
    expect(deleted).toEqual(["/api/report/sopralluoghi/1/foto/0b8f6a4e-2d1c-4f3a-9e5b-7c6d5e4f3a21/"]);
    expect(await within(scheda).findByText("Nessuna foto")).toBeTruthy();
    expect(within(scheda).getByText("Foto (0)")).toBeTruthy();
  });

  it("a refused deletion says the server's reason and keeps the photo", async () => {
    server.use(
      http.delete("*/api/report/sopralluoghi/:id/foto/:fotoId/", () =>
        HttpResponse.json({ detail: "Non hai i permessi per eseguire questa operazione" }, { status: 403 }),
      ),
    );
    renderApp("/sopralluogo?id=1", { as: "admin" });
    const scheda = await screen.findByLabelText("Sopralluogo n. 1");
    fireEvent.click(await within(scheda).findByRole("button", { name: "Elimina la foto ingresso.jpg" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Elimina" }));
    expect(await screen.findByText(/Non hai i permessi per eseguire questa operazione/)).toBeTruthy();
    expect(within(scheda).getByText("Foto (1)")).toBeTruthy();
  });

  it("after saving, the page shows the record of the new inspection", async () => {
    const { router } = renderApp("/sopralluogo", { as: "admin" });
    const form = await screen.findByRole("form", { name: "Sopralluogo" });
    type(form, "potenziale_cliente", "Ottica Centrale");
    type(form, "indirizzo", "Corso Italia 3");
    type(form, "citta", "Milano");
    type(form, "ispettore", "Carlo Neri");
    type(form, "esito", "sfavorevole");
    fireEvent.click(within(form).getByRole("button", { name: "Salva sopralluogo" }));
    const id = await waitFor(() => {
      const v = new URLSearchParams(router.state.location.search).get("id");
      expect(v).toBeTruthy();
      return v;
    });
    const scheda = await screen.findByLabelText(`Sopralluogo n. ${id}`);
    expect(within(scheda).getByText("Ottica Centrale (potenziale)")).toBeTruthy();
    expect(within(scheda).getByText("Nessuna foto")).toBeTruthy();
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
    expect(within(grid).getByRole("link", { name: "Apri il sopralluogo n. 1" }).getAttribute("href")).toBe(
      "/sopralluogo?id=1",
    );
  });

  it("is for administrators only", async () => {
    renderApp("/sopralluogo", { as: "pianificatore" });
    expect(await screen.findByText("Non disponi di permessi sufficienti per questa sezione")).toBeTruthy();
  });
});
