import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { db } from "../../../../mocks/store";
import { withPartitaIvaCheckDigit } from "../../../../src/domain/partita-iva";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
const SLOW = { timeout: 15000 };

/** A partita IVA with a wrong check digit. */
function wrongPartitaIva(): string {
  const good = withPartitaIvaCheckDigit("0123456789");
  return good.slice(0, 10) + String((Number(good[10]) + 1) % 10);
}

describe("client record", () => {
  test("a partita IVA with a wrong check digit shows its error under the field; a right one creates the client", async () => {
    const { router } = renderApp("/anagrafiche/clienti/aggiungi-nuovo", { as: "admin" });
    const ragione = await screen.findByRole("textbox", { name: /Ragione sociale/ }, SLOW);
    fireEvent.change(ragione, { target: { value: "Vigilanza Test S.r.l." } });
    const piva = screen.getByRole("textbox", { name: /Partita IVA/ });
    fireEvent.change(piva, { target: { value: wrongPartitaIva() } });
    fireEvent.blur(piva);
    expect(await screen.findByText("Partita IVA non valida")).toBeTruthy();

    fireEvent.change(piva, { target: { value: withPartitaIvaCheckDigit("0123456789") } });
    await waitFor(() => expect(screen.queryByText("Partita IVA non valida")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Crea cliente" }));
    expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();
    const created = db.clienti.find((c) => c.ragione_sociale === "Vigilanza Test S.r.l.");
    expect(created).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/anagrafiche/clienti/${created?.id}`));
  });

  test("shows sites, contacts and the contracts with their links; geocoding reports no results", async () => {
    server.use(
      http.get("*/api/anagrafiche/geocoding/", ({ request }) =>
        /inesistente/i.test(new URL(request.url).searchParams.get("indirizzo") ?? "")
          ? HttpResponse.json({ detail: "Non ho trovato risultati per questa ricerca" }, { status: 400 })
          : undefined,
      ),
    );
    renderApp("/anagrafiche/clienti/1", { as: "admin" });
    expect(await screen.findByRole("table", { name: "Sedi operative" }, SLOW)).toBeTruthy();
    expect(screen.getByText("Filiale centro")).toBeTruthy();
    expect(within(screen.getByRole("table", { name: "Contatti" })).getByText("Anna Colombo")).toBeTruthy();
    const link = screen.getByRole("link", { name: "Piantonamento filiale" });
    expect(link.getAttribute("href")).toBe("/pianificazione/contratti/1");

    const indirizzo = screen.getByRole("textbox", { name: /^Indirizzo$/ });
    fireEvent.change(indirizzo, { target: { value: "Via Inesistente 1" } });
    fireEvent.click(screen.getByRole("button", { name: "Geocodifica" }));
    expect(await screen.findByText("Non ho trovato risultati per questa ricerca")).toBeTruthy();

    fireEvent.change(indirizzo, { target: { value: "Via Roma 1" } });
    fireEvent.click(screen.getByRole("button", { name: "Geocodifica" }));
    expect(await screen.findByText(/Coordinate: 45\.69830, 9\.67730/)).toBeTruthy();
  });

  test("sites: 'Nuova sede' to add; an edit sends only what changed and shows the answer's warnings", async () => {
    const bodies: { method: string; data: Record<string, unknown> }[] = [];
    server.events.on("request:start", async ({ request }) => {
      if (request.method !== "GET" && request.url.includes("/api/anagrafiche/clienti/1/sedi/"))
        bodies.push({
          method: request.method,
          data: ((await request.clone().json()) as { data: Record<string, unknown> }).data,
        });
    });
    server.use(
      http.put("*/api/anagrafiche/clienti/1/sedi/:subId/", async ({ request, params }) => {
        const { data } = (await request.json()) as { data: Record<string, unknown> };
        const sede = db.clienti[0].sedi.find((x) => x.id === Number(params.subId))!;
        return HttpResponse.json({ ...sede, ...data, warnings: ["Indirizzo non trovato: coordinate non aggiornate"] });
      }),
    );
    renderApp("/anagrafiche/clienti/1", { as: "admin" });
    const sedi = await screen.findByRole("table", { name: "Sedi operative" }, SLOW);
    const heading = screen.getByRole("heading", { name: "Sedi operative" });
    fireEvent.click(within(heading.parentElement as HTMLElement).getByRole("button", { name: "Aggiungi" }));
    const nuova = await screen.findByRole("dialog", { name: "Nuova sede" });
    fireEvent.click(within(nuova).getByRole("button", { name: "Annulla" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    const row = within(sedi).getByText("Filiale centro").closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Modifica" }));
    const dialog = await screen.findByRole("dialog", { name: "Modifica sede" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Città/ }), { target: { value: "Treviglio" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText("Indirizzo non trovato: coordinate non aggiornate")).toBeTruthy();
    expect(bodies).toEqual([{ method: "PUT", data: { citta: "Treviglio" } }]);
    server.events.removeAllListeners();
  });
});
