import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { DataTable } from "../../../../src/components/data-table/data-table";
import type { DataTableColumn } from "../../../../src/components/data-table/data-table.types";
import { ListScope } from "../../../../src/components/lists/list-scope";
import { setupMockServer } from "../../helpers/msw";
import { renderWithProviders } from "../test-utils";

const server = setupMockServer();

const columns: DataTableColumn[] = [
  { key: "codice", name: "Codice", sortable: true },
  { key: "cognome", name: "Cognome", sortable: true },
  { key: "nome", name: "Nome" },
  { key: "prov", name: "Provincia", groupable: true },
  { key: "data_nascita", name: "Data di nascita", format: "date" },
  { key: "rating", name: "Valutazione" },
];

function Screen({ autoload = true, cols = columns }: { autoload?: boolean; cols?: DataTableColumn[] }) {
  return (
    <ListScope listId="operatori" defaults={{ autoload }}>
      <DataTable listId="operatori" path="anagrafiche/operatori/" columns={cols} aria-label="Operatori" />
    </ListScope>
  );
}

/** Records the query of every list request. */
function spyRequests() {
  const seen: URLSearchParams[] = [];
  server.events.on("request:start", ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === "/api/anagrafiche/operatori/") seen.push(url.searchParams);
  });
  return seen;
}

describe("DataTable", () => {
  afterEach(() => server.events.removeAllListeners());

  it("renders the rows of the first page with Italian formats and the range", async () => {
    renderWithProviders(<Screen />);
    await screen.findByText("OP0001");
    screen.getByText("01/01/1960");
    expect(screen.getByTestId("range-text").textContent).toBe("1–25 di 134");
  });
});

describe("DataTable cells", () => {
  it("give a long value's full text on hover, rendered cells (links) too", async () => {
    const long = "Vigilanza e antitaccheggio galleria commerciale — Torino, sede di corso Francia";
    server.use(
      http.get("*/api/anagrafiche/operatori/", () =>
        HttpResponse.json({ count: 1, page: 1, results: [{ id: 1, codice: long, cognome: "Rossi", nome: "Marco" }] }),
      ),
    );
    const linked: DataTableColumn[] = [
      { key: "codice", name: "Codice", render: (r) => <a href="/x">{String(r.codice)}</a> },
      { key: "cognome", name: "Cognome" },
    ];
    function Linked() {
      return (
        <ListScope listId="titoli" defaults={{ autoload: true }}>
          <DataTable listId="titoli" path="anagrafiche/operatori/" columns={linked} aria-label="Titoli" />
        </ListScope>
      );
    }
    renderWithProviders(<Linked />);
    const link = await screen.findByRole("link", { name: long });
    expect(link.parentElement?.getAttribute("title")).toBe(long);
    expect(screen.getByText("Rossi").getAttribute("title")).toBe("Rossi");
  });
});

describe("DataTable behaviour", () => {
  afterEach(() => server.events.removeAllListeners());

  it("shows the info box and sends nothing before autoload", async () => {
    const seen = spyRequests();
    renderWithProviders(<Screen autoload={false} />);
    await screen.findByText("Attenzione — Inizia impostando alcuni filtri per poter visualizzare risultati");
    expect(seen).toHaveLength(0);
  });

  it("shows the skeleton while loading, then 'Nessun risultato trovato' for an empty answer", async () => {
    server.use(
      http.get("*/api/anagrafiche/operatori/", async () => {
        await new Promise((r) => setTimeout(r, 150));
        return HttpResponse.json({ results: [], count: 0, page: 1 });
      }),
    );
    renderWithProviders(<Screen />);
    expect(await screen.findByTestId("list-skeleton")).toBeTruthy();
    await screen.findByText("Nessun risultato trovato");
    expect(screen.queryByTestId("list-skeleton")).toBeNull();
    expect(screen.getByTestId("range-text").textContent).toBe("0–0 di 0");
  });

  it("pages with the next and last buttons", async () => {
    const seen = spyRequests();
    renderWithProviders(<Screen />);
    await screen.findByText("OP0001");
    fireEvent.click(screen.getByRole("button", { name: "Pagina successiva" }));
    await screen.findByText("OP0026");
    expect(screen.getByTestId("range-text").textContent).toBe("26–50 di 134");
    expect(seen.at(-1)?.get("page")).toBe("2");
    fireEvent.click(screen.getByRole("button", { name: "Ultima pagina" }));
    await screen.findByText("OP0126");
    expect(screen.getByTestId("range-text").textContent).toBe("126–134 di 134");
    expect((screen.getByRole("button", { name: "Pagina successiva" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Prima pagina" }));
    await screen.findByText("OP0001");
  }, 60_000);

  it("clamps a typed page number to 1..last page", async () => {
    const seen = spyRequests();
    renderWithProviders(<Screen />);
    await screen.findByText("OP0001");
    const box = screen.getByRole("textbox", { name: "Numero di pagina" }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: "999" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(box.value).toBe("6");
    await screen.findByText("OP0126");
    expect(seen.at(-1)?.get("page")).toBe("6");
    const box2 = screen.getByRole("textbox", { name: "Numero di pagina" }) as HTMLInputElement;
    fireEvent.change(box2, { target: { value: "-3" } });
    fireEvent.keyDown(box2, { key: "Enter" });
    await screen.findByText("OP0001");
    expect(seen.at(-1)?.get("page")).toBe("1");
  }, 60_000);

  it("goes back to page 1 when the page size changes", async () => {
    const seen = spyRequests();
    renderWithProviders(<Screen />);
    await screen.findByText("OP0001");
    fireEvent.click(screen.getByRole("button", { name: "Pagina successiva" }));
    await screen.findByText("OP0026");
    fireEvent.change(screen.getByLabelText("Risultati per pagina"), { target: { value: "10" } });
    await waitFor(() => expect(screen.getByTestId("range-text").textContent).toBe("1–10 di 134"));
    expect(seen.at(-1)?.get("page")).toBe("1");
    expect(seen.at(-1)?.get("page_size")).toBe("10");
  });

  it("sorts on the server when a sortable header is clicked", async () => {
    const seen = spyRequests();
    renderWithProviders(<Screen />);
    await screen.findByText("OP0001");
    fireEvent.click(screen.getByRole("columnheader", { name: /Cognome/ }));
    await waitFor(() => expect(seen.at(-1)?.get("order_field")).toBe("cognome"));
    expect(seen.at(-1)?.get("order_asc")).toBe("true");
    await waitFor(() => expect(screen.getAllByText("Bianchi").length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole("columnheader", { name: /Cognome/ }));
    await waitFor(() => expect(seen.at(-1)?.get("order_asc")).toBe("false"));
    expect(seen.at(-1)?.has("timestamp")).toBe(true);
  });

  it("groups by a groupable column with counts and sums", async () => {
    const seen = spyRequests();
    renderWithProviders(<Screen />);
    await screen.findByText("OP0001");
    fireEvent.click(screen.getByRole("button", { name: "Raggruppa per Provincia" }));
    await screen.findByText("Raggruppato per");
    expect(seen.at(-1)?.get("group_by")).toBe("prov");
    expect(seen.at(-1)?.has("order_field")).toBe(false);
    const grid = screen.getByRole("grid", { name: "Gruppi per Provincia" });
    within(grid).getByText("Numero");
    within(grid).getByText("BO");
    expect(screen.getByTestId("range-text").textContent).toBe("1–6 di 6");
    fireEvent.click(screen.getByRole("button", { name: "Rimuovi raggruppamento" }));
    await screen.findByText("OP0001");
  });

  it("on a server error empties the list, shows the alert and the red snackbar", async () => {
    server.use(
      http.get("*/api/anagrafiche/operatori/", () =>
        HttpResponse.json({ detail: "Database non raggiungibile" }, { status: 500 }),
      ),
    );
    renderWithProviders(<Screen />);
    await screen.findByText(
      "Errore server: Si è verificato un problema durante il recupero dei dati (Error: Database non raggiungibile)",
    );
    expect(screen.getByTestId("range-text").textContent).toBe("0–0 di 0");
    await waitFor(() =>
      expect(screen.getAllByRole("alert").some((a) => a.textContent?.includes("Database non raggiungibile"))).toBe(
        true,
      ),
    );
    expect(screen.queryByText("OP0001")).toBeNull();
  });
});

/** Hovers (highlights) then clicks a menu item, as a mouse does. */
async function chooseMenuItem(name: string) {
  const item = await screen.findByRole("menuitem", { name });
  fireEvent.pointerMove(item, { pointerType: "mouse" });
  fireEvent.click(item);
}

describe("DataTable columns", () => {
  it("hides a column with the chooser and remembers it per user and table", async () => {
    renderWithProviders(<Screen />);
    await screen.findByText("OP0001");
    screen.getByRole("columnheader", { name: /Nome/ });
    fireEvent.click(screen.getByRole("button", { name: "Scegli le colonne" }));
    const chooser = await screen.findByRole("group", { name: "Colonne visibili", hidden: true });
    fireEvent.click(within(chooser).getByText("Nome"));
    await waitFor(() => expect(screen.queryByRole("columnheader", { name: /^Nome/ })).toBeNull());
    expect(JSON.parse(localStorage.getItem("vigilanza.tabella.anonimo.operatori")!)).toEqual({
      order: [],
      hidden: ["nome"],
    });
  });
});

describe("DataTable columns at 1366 px (issue 32 item 4)", () => {
  const secondary: DataTableColumn[] = [
    { ...columns[1], frozen: "start" },
    columns[0],
    { ...columns[3], hiddenByDefault: true },
    { ...columns[5], hiddenByDefault: true },
    { key: "azioni", name: "Azioni", hideable: false, exportField: false, frozen: "end", render: () => "Modifica" },
  ];
  afterEach(() => localStorage.clear());

  it("starts a secondary column hidden, offered unticked in the chooser; showing it is remembered", async () => {
    renderWithProviders(<Screen cols={secondary} />);
    await screen.findByText("OP0001");
    expect(screen.queryByRole("columnheader", { name: /Provincia/ })).toBeNull();
    expect(screen.queryByRole("columnheader", { name: /Valutazione/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Scegli le colonne" }));
    const chooser = await screen.findByRole("group", { name: "Colonne visibili", hidden: true });
    const provincia = within(chooser).getByRole("checkbox", { name: "Provincia", hidden: true });
    expect((provincia as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(chooser).getByText("Provincia"));
    await screen.findByRole("columnheader", { name: /Provincia/ });
    expect(JSON.parse(localStorage.getItem("vigilanza.tabella.anonimo.operatori")!)).toEqual({
      order: [],
      hidden: ["rating"],
    });
  });

  it("a saved choice wins over the default", async () => {
    localStorage.setItem("vigilanza.tabella.anonimo.operatori", JSON.stringify({ order: [], hidden: [] }));
    renderWithProviders(<Screen cols={secondary} />);
    await screen.findByText("OP0001");
    expect(screen.getByRole("columnheader", { name: /Valutazione/ })).toBeTruthy();
  });

  it("keeps the key column frozen at the start and the actions at the end", async () => {
    renderWithProviders(<Screen cols={secondary} />);
    await screen.findByText("OP0001");
    expect(screen.getByRole("columnheader", { name: /Cognome/ }).className).toMatch(/rdg-cell-frozen-start/);
    expect(screen.getByRole("columnheader", { name: /Azioni/ }).className).toMatch(/rdg-cell-frozen-end/);
  });
});

describe("DataTable row → record (issue 32 item 4)", () => {
  function Opening({ onOpen }: { onOpen: (row: Record<string, unknown>) => void }) {
    const cols: DataTableColumn[] = [
      ...columns.slice(0, 3),
      { key: "azioni", name: "Azioni", exportField: false, render: () => <button type="button">Elimina</button> },
    ];
    return (
      <ListScope listId="operatori" defaults={{ autoload: true }}>
        <DataTable
          listId="operatori"
          path="anagrafiche/operatori/"
          columns={cols}
          onRowOpen={onOpen}
          aria-label="Operatori"
        />
      </ListScope>
    );
  }

  it("opens the row on a click on a cell, not on a click on a button in it", async () => {
    const opened: unknown[] = [];
    renderWithProviders(<Opening onOpen={(r) => opened.push(r.codice)} />);
    const cell = (await screen.findByText("OP0001")).closest('[role="gridcell"]') as HTMLElement;
    fireEvent.click(cell);
    expect(opened).toEqual(["OP0001"]);
    fireEvent.click(screen.getAllByRole("button", { name: "Elimina" })[0]);
    expect(opened).toEqual(["OP0001"]);
    // Enter on a cell: in test/e2e/lists-1366.test.ts (react-data-grid needs a laid-out grid for keys)
  });
});

describe("DataTable export", () => {
  const created: Blob[] = [];
  let downloads: string[] = [];
  beforeEach(() => {
    downloads = [];
    (URL as any).createObjectURL = (b: Blob) => {
      created.push(b);
      return "blob:mock";
    };
    (URL as any).revokeObjectURL = () => {};
    jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    server.events.removeAllListeners();
  });

  it("exports the visible columns with show_fields and downloads the file", async () => {
    const exports: URLSearchParams[] = [];
    server.events.on("request:start", ({ request }) => {
      const url = new URL(request.url);
      if (url.searchParams.has("file_type")) exports.push(url.searchParams);
    });
    renderWithProviders(<Screen />);
    await screen.findByText("OP0001");
    fireEvent.click(screen.getByRole("button", { name: "Esporta" }));
    await chooseMenuItem("CSV");
    await waitFor(() => expect(downloads).toEqual(["operatori-20260101-1200.csv"]));
    expect(exports[0].get("file_type")).toBe("csv");
    expect(exports[0].get("show_fields")).toBe("codice,cognome,nome,prov,data_nascita,rating");
    const text = await created.at(-1)!.text();
    expect(text.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
      "Codice;Cognome;Nome;Provincia;Data di nascita;Valutazione",
    );
  });

  it("shows 'Si è verificato un errore (…)' when the export answers result error", async () => {
    server.use(
      http.get("*/api/anagrafiche/operatori/", ({ request }) =>
        new URL(request.url).searchParams.has("file_type")
          ? HttpResponse.json({ result: "error", detail: "Troppe righe" }, { status: 400 })
          : HttpResponse.json({ results: [{ codice: "OP0001" }], count: 1, page: 1 }),
      ),
    );
    renderWithProviders(<Screen />);
    await screen.findByText("OP0001");
    fireEvent.click(screen.getByRole("button", { name: "Esporta" }));
    await chooseMenuItem("Excel");
    await screen.findByText("Si è verificato un errore (Troppe righe)");
    expect(downloads).toEqual([]);
  });
});
