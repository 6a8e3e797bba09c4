import { File as NodeFile } from "node:buffer";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { setupMockServer } from "../../../helpers/msw";
import { renderApp } from "../../../helpers/render-app";

const server = setupMockServer();
const TAB = "/pianificazione/contratti/1/servizi/1/note-ed-allegati";

describe("service notes and attachments", () => {
  test("uploads a file with its description, shows it as a note, and clears the description", async () => {
    const sent: { descrizione: unknown; file: unknown }[] = [];
    server.events.on("request:start", async ({ request }) => {
      if (request.method === "POST" && request.url.includes("/allegati/")) {
        const form = await request.clone().formData();
        sent.push({ descrizione: form.get("descrizione"), file: (form.get("file") as File | null)?.name });
      }
    });
    renderApp(TAB, { as: "pianificatore" });
    const descrizione = await screen.findByRole("textbox", { name: "Descrizione dell'allegato" }, { timeout: 15000 });
    fireEvent.change(descrizione, { target: { value: "Planimetria del varco 3" } });
    // Node's File: the FormData body goes through Node's fetch, which does not take jsdom's File.
    // Node's File: the multipart body goes through Node's fetch, which does not take jsdom's File.
    const file = new NodeFile(["%PDF-1.4 prova"], "planimetria.pdf", { type: "application/pdf" });
    fireEvent.change(screen.getByTestId("allegato-input"), { target: { files: [file] } });
    expect(await screen.findByText("File allegato")).toBeTruthy();
    expect(await screen.findByText("Planimetria del varco 3")).toBeTruthy();
    expect(screen.getByText("Allegato: planimetria.pdf")).toBeTruthy();
    await waitFor(() => expect(sent).toEqual([{ descrizione: "Planimetria del varco 3", file: "planimetria.pdf" }]));
    expect(descrizione).toHaveProperty("value", "");
  });

  test("keeps the description and shows the server's reason when the file is refused", async () => {
    server.use(
      http.post("*/api/pianificazione/contratti/1/servizi/1/allegati/", () =>
        HttpResponse.json(
          { detail: "Errore di validazione", errors: { file: "Tipo di file non consentito" } },
          { status: 400 },
        ),
      ),
    );
    renderApp(TAB, { as: "pianificatore" });
    const descrizione = await screen.findByRole("textbox", { name: "Descrizione dell'allegato" }, { timeout: 15000 });
    fireEvent.change(descrizione, { target: { value: "Verbale" } });
    const file = new NodeFile(["MZ"], "programma.exe", { type: "application/octet-stream" });
    fireEvent.change(screen.getByTestId("allegato-input"), { target: { files: [file] } });
    expect(await screen.findByText("Tipo di file non consentito")).toBeTruthy();
    expect(descrizione).toHaveProperty("value", "Verbale");
  });
});
