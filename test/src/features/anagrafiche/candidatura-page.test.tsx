import { File as NodeFile } from "node:buffer";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { CV_NON_PDF, PRIVACY_OBBLIGATORIA } from "../../../../src/domain/candidato";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";
import { typeText } from "../../helpers/type-text";

const server = setupMockServer();
const SLOW = { timeout: 15000 };

async function check(name: string) {
  fireEvent.click(screen.getByText(name));
  const root = screen.getByText(name).closest("[data-part=root]");
  await waitFor(() => expect(root?.getAttribute("data-state")).toBe("checked"));
}

async function fillValid() {
  const set = (name: RegExp, value: string) =>
    fireEvent.change(screen.getByRole("textbox", { name }), { target: { value } });
  set(/^Nome/, "Chiara");
  set(/^Cognome/, "Fontana");
  typeText(screen.getByRole("textbox", { name: /Data di nascita/ }), "20/05/1996");
  set(/^E-mail/, "chiara.fontana@example.it");
  set(/^Cellulare/, "+39 347 555 1234");
  set(/^Città/, "Bergamo");
  fireEvent.change(screen.getByRole("combobox", { name: "Provincia" }), { target: { value: "BG" } });
  await check("Steward");
}

describe("public application form", () => {
  test("needs no login, refuses without privacy acceptance and a non-PDF CV, then sends and thanks", async () => {
    const sent: FormData[] = [];
    server.events.on("request:start", async ({ request }) => {
      if (request.method === "POST" && request.url.includes("/api/anagrafiche/candidature/"))
        sent.push(await request.clone().formData());
    });
    renderApp("/form-candidatura");
    await screen.findByText("Steward", {}, SLOW);
    expect(screen.getByText(/Regolamento UE 2016\/679/)).toBeTruthy();
    expect(screen.getByTestId("honeypot")).toBeTruthy();

    await fillValid();
    const cv = screen.getByLabelText("Curriculum");
    fireEvent.change(cv, { target: { files: [new File(["ciao"], "cv.docx", { type: "application/msword" })] } });
    fireEvent.click(screen.getByRole("button", { name: "Invia candidatura" }));
    expect(await screen.findByText(PRIVACY_OBBLIGATORIA)).toBeTruthy();
    expect(screen.getByText(CV_NON_PDF)).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(cv, {
      target: { files: [new NodeFile(["%PDF-1.4\n%%EOF"], "cv.pdf", { type: "application/pdf" })] },
    });
    await check("Ho letto l'informativa e acconsento al trattamento dei miei dati");
    fireEvent.click(screen.getByRole("button", { name: "Invia candidatura" }));
    expect(await screen.findByText("Candidatura inviata", {}, SLOW)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0].get("cognome")).toBe("Fontana");
    expect(sent[0].get("data_nascita")).toBe("1996-05-20");
    expect(sent[0].getAll("posizioni")).toEqual(["5"]);
    expect((sent[0].get("cv") as File).name).toBe("cv.pdf");
    server.events.removeAllListeners();
  });

  test("shows the server's message when too many applications were sent (429)", async () => {
    server.use(
      http.post("*/api/anagrafiche/candidature/", () =>
        HttpResponse.json(
          { detail: "Troppi tentativi. Riprova tra 60 minuti." },
          { status: 429, headers: { "Retry-After": "3600" } },
        ),
      ),
    );
    renderApp("/form-candidatura");
    await screen.findByText("Steward", {}, SLOW);
    await fillValid();
    await check("Ho letto l'informativa e acconsento al trattamento dei miei dati");
    fireEvent.click(screen.getByRole("button", { name: "Invia candidatura" }));
    expect(await screen.findByText("Troppi tentativi. Riprova tra 60 minuti.")).toBeTruthy();
    expect(screen.queryByText("Candidatura inviata")).toBeNull();
  });
});
