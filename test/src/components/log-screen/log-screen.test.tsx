import { fireEvent, screen, waitFor } from "@testing-library/react";
import { LogScreen } from "../../../../src/components/log-screen/log-screen";
import { LogsPage } from "../../../../src/features/console/logs-page";
import { setupListServer } from "../msw";
import { renderWithProviders } from "../test-utils";

const server = setupListServer();

describe("LogScreen", () => {
  afterEach(() => server.events.removeAllListeners());

  it("shows the info box, then the columns, DD/MM/YYYY HH:mm:ss dates and the changelog lines", async () => {
    const seen: URLSearchParams[] = [];
    server.events.on("request:start", ({ request }) => seen.push(new URL(request.url).searchParams));
    renderWithProviders(<LogScreen title="Storico operatore" contentType="operatore" objectId={2} />);
    screen.getByText("Storico operatore");
    screen.getByText("Attenzione, Inizia impostando alcuni filtri per poter visualizzare risultati");
    expect(seen).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Ricerca"), { target: { value: "Modifica" } });
    await screen.findAllByText('Cognome: "Rossi" → "Bianchi"', {}, { timeout: 10000 });
    for (const name of ["Azione", "Data", "Operatore", "Note", "Changelog"])
      screen.getByRole("columnheader", { name: new RegExp(name) });
    const q = seen.at(-1)!;
    expect(q.get("content_type")).toBe("operatore");
    expect(q.get("object_id")).toBe("2");
    expect(q.get("global")).toBe("Modifica");
    // entry 2 (operatore 2): data_ora 2026-03-03 10:14:26, by Giorgio Verdi
    screen.getByText("03/03/2026 10:14:26");
    expect(screen.getAllByText("Giorgio Verdi").length).toBeGreaterThan(0);
    expect(screen.getAllByText('Cellulare: "—" → "+39 333 1234567"').length).toBeGreaterThan(0);
    expect(screen.queryByText(/Inizia impostando/)).toBeNull();
  });

  it("sends only_related and sorts by operator", async () => {
    const seen: URLSearchParams[] = [];
    server.events.on("request:start", ({ request }) => seen.push(new URL(request.url).searchParams));
    renderWithProviders(<LogScreen title="Log contratto" contentType="contratto" objectId="1" onlyRelated />);
    fireEvent.change(screen.getByLabelText("Ricerca"), { target: { value: "a" } });
    await waitFor(() => expect(seen.at(-1)?.get("only_related")).toBe("true"));
    await screen.findAllByText(/→|Creato|Eliminato/, {}, { timeout: 10000 });
    fireEvent.click(screen.getByRole("columnheader", { name: /Operatore/ }));
    await waitFor(() => expect(seen.at(-1)?.get("order_field")).toBe("utente"));
  });
});

describe("Console → Logs", () => {
  it("offers the content types in 'Tipo di Log' without a blank option and filters by them", async () => {
    const seen: URLSearchParams[] = [];
    server.events.on("request:start", ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === "/api/log/list/") seen.push(url.searchParams);
    });
    renderWithProviders(<LogsPage />, { url: "/console/logs" });
    const select = (await screen.findByLabelText("Tipo di Log")) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(["Cliente", "Contratto", "Operatore", "Turno"]);
    fireEvent.change(select, { target: { value: "turno" } });
    fireEvent.click(screen.getByRole("button", { name: "Applica" }));
    await waitFor(() => expect(seen.at(-1)?.get("content_type")).toBe("turno"));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toContain("f.content_type=turno"));
    server.events.removeAllListeners();
  });
});
