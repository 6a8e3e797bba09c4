import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { db } from "../../../../../mocks/store";
import { setupMockServer } from "../../../helpers/msw";
import { renderApp } from "../../../helpers/render-app";

const server = setupMockServer();
const VALIDATION = "Si è verificato un errore di validazione. Controlla i campi contrassegnati e riprova";

describe("contract dati-generali", () => {
  test("save sends empty strings as null and notifica_allarme as true/false/null", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put("*/api/pianificazione/contratti/1/", async ({ request }) => {
        const body = (await request.json()) as { data: Record<string, unknown> };
        bodies.push(body);
        return HttpResponse.json({
          ...db.contratti[0],
          ...body.data,
          cliente: db.contratti[0].cliente,
        });
      }),
    );
    renderApp("/pianificazione/contratti/1/dati-generali", { as: "admin" });
    const numero = await screen.findByRole("textbox", { name: /Numero contratto/ }, { timeout: 15000 });
    expect(numero).toHaveProperty("value", "2026/014");
    fireEvent.change(numero, { target: { value: "" } });
    fireEvent.change(screen.getByRole("combobox", { name: "Notifica allarme" }), { target: { value: "false" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva" }));
    await screen.findByText("Modifiche salvate correttamente");
    const data = (bodies[0] as { data: Record<string, unknown> }).data;
    expect(data.numero_contratto).toBeNull();
    expect(data.agente).toBeNull();
    expect(data.notifica_allarme).toBe(false);
    expect(data.cliente).toBe(1);
    expect(data.titolo).toBe("Piantonamento filiale di via Roma");

    fireEvent.change(screen.getByRole("combobox", { name: "Notifica allarme" }), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect((bodies[1] as { data: Record<string, unknown> }).data.notifica_allarme).toBeNull();
  });

  test("a server validation error shows the validation toast and the field error", async () => {
    server.use(
      http.post("*/api/pianificazione/contratti/", () =>
        HttpResponse.json({ detail: VALIDATION, errors: { cliente: "Questo campo è obbligatorio" } }, { status: 400 }),
      ),
    );
    renderApp("/pianificazione/contratti/aggiungi-nuovo", { as: "admin" });
    const titolo = await screen.findByRole("textbox", { name: /Titolo/ }, { timeout: 15000 });
    fireEvent.change(titolo, { target: { value: "Nuovo" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva" }));
    expect(await screen.findByText(VALIDATION)).toBeTruthy();
    expect(await screen.findByText("Questo campo è obbligatorio")).toBeTruthy();
  });

  test("delete asks for confirmation, then goes back to the list", async () => {
    const deleted: string[] = [];
    server.events.on("request:start", ({ request }) => {
      if (request.method === "DELETE") deleted.push(new URL(request.url).pathname);
    });
    const { router } = renderApp("/pianificazione/contratti/2/dati-generali", { as: "admin" });
    fireEvent.click(await screen.findByRole("button", { name: "Elimina contratto" }, { timeout: 15000 }));
    const dialog = await screen.findByRole("alertdialog");
    expect(
      within(dialog).getByText(
        "Sei sicuro di voler eliminare questo contratto? l'operazione non potrà essere annullata",
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Elimina" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/pianificazione/contratti"));
    expect(deleted).toEqual(["/api/pianificazione/contratti/2/"]);
    server.events.removeAllListeners();
  });
});
