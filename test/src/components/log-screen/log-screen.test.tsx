import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { LogScreen } from "../../../../src/components/log-screen/log-screen";
import { LogsPage } from "../../../../src/features/console/logs-page";
import { setupMockServer } from "../../helpers/msw";
import { renderWithProviders } from "../test-utils";

const server = setupMockServer();

describe("LogScreen", () => {
  afterEach(() => server.events.removeAllListeners());

  it("a record's log lists its entries at once, newest first: columns, DD/MM/YYYY HH:mm:ss dates, changelog lines", async () => {
    const seen: URLSearchParams[] = [];
    server.events.on("request:start", ({ request }) => seen.push(new URL(request.url).searchParams));
    renderWithProviders(<LogScreen title="Storico operatore" contentType="operatore" objectId={2} />);
    screen.getByText("Storico operatore");
    // No filter to apply first: the screen fixes the object (issue 17, item 5).
    await screen.findAllByText('Cognome: "Rossi" → "Bianchi"', {}, { timeout: 10000 });
    expect(screen.queryByText(/Inizia impostando/)).toBeNull();
    for (const name of ["Azione", "Data", "Operatore", "Note", "Changelog"])
      screen.getByRole("columnheader", { name: new RegExp(name) });
    const first = seen[0];
    expect(first.get("content_type")).toBe("operatore");
    expect(first.get("object_id")).toBe("2");
    expect(first.get("order_field")).toBeNull(); // the server's order: data_ora descending
    // entry 2 (operatore 2): data_ora 2026-03-03 10:14:26, by Giorgio Verdi
    screen.getByText("03/03/2026 10:14:26");
    expect(screen.getAllByText("Giorgio Verdi").length).toBeGreaterThan(0);
    expect(screen.getAllByText('Cellulare: "—" → "+39 333 1234567"').length).toBeGreaterThan(0);
    // The search still narrows it.
    fireEvent.change(screen.getByLabelText("Ricerca"), { target: { value: "Modifica" } });
    await waitFor(() => expect(seen.at(-1)?.get("global")).toBe("Modifica"));
  });

  it("opens a long changelog in full instead of clipping it to the row", async () => {
    const lines = Array.from({ length: 7 }, (_, i) => `Campo ${i + 1}: "prima" → "dopo"`);
    server.use(
      http.get("*/api/log/list/", () =>
        HttpResponse.json({
          count: 1,
          next: null,
          previous: null,
          results: [
            {
              id: 99,
              azione: "Modifica",
              data_ora: "2026-03-03T10:14:26+01:00",
              utente: { first_name: "Giorgio", last_name: "Verdi" },
              note: "",
              content_type: "operatore",
              object_id: "2",
              related: [],
              dati: { change_log: lines },
            },
          ],
        }),
      ),
    );
    renderWithProviders(<LogScreen title="Storico operatore" contentType="operatore" objectId={2} />);
    await screen.findByText(lines[0], {}, { timeout: 10000 });
    expect(screen.queryByText(lines[6])).toBeNull();
    expect(screen.getByText(lines[3]).getAttribute("title")).toBe(lines[3]);
    fireEvent.click(screen.getByRole("button", { name: "Mostra tutto (7 righe)" }));
    const dialog = await screen.findByRole("dialog");
    for (const line of lines) expect(within(dialog).getByText(line)).toBeTruthy();
  });

  it("sends only_related and sorts by operator", async () => {
    const seen: URLSearchParams[] = [];
    server.events.on("request:start", ({ request }) => seen.push(new URL(request.url).searchParams));
    renderWithProviders(<LogScreen title="Log contratto" contentType="contratto" objectId="1" onlyRelated />);
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
    // The generic screen keeps SPEC §2's behaviour: nothing is read until a filter is applied.
    screen.getByText("Attenzione, Inizia impostando alcuni filtri per poter visualizzare risultati");
    expect(seen).toHaveLength(0);
    fireEvent.change(select, { target: { value: "turno" } });
    fireEvent.click(screen.getByRole("button", { name: "Applica" }));
    await waitFor(() => expect(seen.at(-1)?.get("content_type")).toBe("turno"));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toContain("f.content_type=turno"));
    server.events.removeAllListeners();
  });
});
