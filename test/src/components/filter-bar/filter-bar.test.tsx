import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { DataTable } from "../../../../src/components/data-table/data-table";
import { FilterBar } from "../../../../src/components/filter-bar/filter-bar";
import type { FilterField } from "../../../../src/components/filter-bar/filter-bar.types";
import { ListScope } from "../../../../src/components/lists/list-scope";
import { setupMockServer } from "../../helpers/msw";
import { typeText } from "../../helpers/type-text";
import { listInUrl, renderWithProviders } from "../test-utils";

const server = setupMockServer();

const loadOperatori = jest.fn(async (text: string) =>
  text.toLowerCase().startsWith("ros") ? [{ value: "7", label: "Rossi Mario" }] : [],
);

const FIELDS: FilterField[] = [
  { type: "global", label: "Ricerca" },
  { type: "text", name: "cognome", label: "Cognome" },
  { type: "tel", name: "cellulare", label: "Cellulare" },
  { type: "email", name: "email", label: "Email" },
  { type: "number", name: "eta", label: "Età" },
  { type: "address", name: "indirizzo", label: "Indirizzo" },
  { type: "date", name: "giorno", label: "Giorno", dayStep: true },
  { type: "date-range", name: "data_nascita", label: "Data di nascita" },
  { type: "select", name: "stato", label: "Stato", options: [{ value: "A", label: "Attivo" }] },
  {
    type: "autocomplete",
    name: "operatore",
    label: "Operatore",
    loadOptions: loadOperatori,
    emptyText: "Nessun operatore trovato",
  },
  { type: "switch", name: "attivo", label: "Solo attivi" },
  { type: "province", name: "prov", label: "Provincia" },
  { type: "province", name: "province", label: "Province", multiple: true },
  {
    type: "qualifications",
    name: "posizione",
    label: "Qualifica",
    options: [{ value: "1", label: "Guardia giurata" }],
  },
  { type: "evaluations", name: "rating", label: "Valutazione", options: [{ value: "5", label: "Ottimo" }] },
  { type: "button", label: "Azzera", onClick: () => {} },
  { type: "icon-button", label: "Aggiorna", icon: "↻", onClick: () => {} },
  { type: "custom", name: "extra", label: "Extra", render: () => <span>Campo personalizzato</span> },
];

function Screen() {
  return (
    <ListScope listId="op">
      <FilterBar listId="op" fields={FIELDS} />
      <DataTable listId="op" path="anagrafiche/operatori/" columns={[{ key: "codice", name: "Codice" }]} />
    </ListScope>
  );
}

describe("FilterBar", () => {
  it("renders every field type", () => {
    renderWithProviders(<Screen />);
    for (const label of [
      "Ricerca",
      "Cognome",
      "Cellulare",
      "Email",
      "Età",
      "Indirizzo",
      "Giorno",
      "Stato",
      "Provincia",
      "Province",
      "Qualifica",
      "Valutazione",
    ]) {
      screen.getByLabelText(label);
    }
    expect((screen.getByLabelText("Cellulare") as HTMLInputElement).type).toBe("tel");
    expect((screen.getByLabelText("Email") as HTMLInputElement).type).toBe("email");
    screen.getByLabelText("Data di nascita dal");
    screen.getByLabelText("Data di nascita al");
    screen.getByPlaceholderText("Inizia a digitare...");
    screen.getByText("Solo attivi");
    expect(within(screen.getByLabelText("Stato")).getAllByRole("option")[0].textContent).toBe("Seleziona");
    expect(screen.getAllByRole("option", { name: "Milano (MI)", hidden: true })).toHaveLength(1);
    // the multiple one is the multi-select, closed until clicked
    expect(screen.getByLabelText("Province").textContent).toContain("Seleziona");
    screen.getByRole("button", { name: "Azzera" });
    screen.getByRole("button", { name: "Aggiorna" });
    screen.getByText("Campo personalizzato");
    screen.getByRole("button", { name: "Giorno precedente" });
    screen.getByRole("button", { name: "Applica" });
  });

  it("shows the info box until submit; submit drops empty values, keeps booleans and loads page 1", async () => {
    const seen: URLSearchParams[] = [];
    server.events.on("request:start", ({ request }) => seen.push(new URL(request.url).searchParams));
    renderWithProviders(<Screen />);
    screen.getByText("Attenzione — Inizia impostando alcuni filtri per poter visualizzare risultati");
    fireEvent.change(screen.getByLabelText("Cognome"), { target: { value: "Rossi" } });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "" } });
    const toggle = screen.getByRole("checkbox", { name: "Solo attivi", hidden: true }) as HTMLInputElement;
    // What the user sees is the switch's control: it follows the form's value (the hidden input's
    // own `checked` flips at the click, before the value reaches the form).
    const shown = () => toggle.closest("label")?.querySelector('[data-part="control"]')?.getAttribute("data-state");
    fireEvent.click(screen.getByText("Solo attivi"));
    await waitFor(() => expect(shown()).toBe("checked"));
    fireEvent.click(screen.getByText("Solo attivi"));
    await waitFor(() => expect(shown()).toBe("unchecked"));
    fireEvent.click(screen.getByRole("button", { name: "Applica" }));
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    expect(listInUrl().filters).toEqual({ cognome: "Rossi", attivo: false });
    const q = seen.at(-1)!;
    expect(q.get("cognome")).toBe("Rossi");
    expect(q.get("attivo")).toBe("false");
    expect(q.has("email")).toBe(false);
    expect(q.get("page")).toBe("1");
    expect(screen.queryByText(/Inizia impostando/)).toBeNull();
    server.events.removeAllListeners();
  });

  it("date range shortcut fills both dates; the day-step buttons move the date — in DD/MM/YYYY, sent as ISO", async () => {
    const seen: URLSearchParams[] = [];
    server.events.on("request:start", ({ request }) => seen.push(new URL(request.url).searchParams));
    renderWithProviders(<Screen />);
    fireEvent.click(screen.getByRole("button", { name: "Oggi" }));
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, "0");
    const iso = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
    const italian = `${pad(today.getDate())}/${pad(today.getMonth() + 1)}/${today.getFullYear()}`;
    expect((screen.getByLabelText("Data di nascita dal") as HTMLInputElement).value).toBe(italian);
    expect((screen.getByLabelText("Data di nascita al") as HTMLInputElement).value).toBe(italian);
    const giorno = screen.getByLabelText("Giorno") as HTMLInputElement;
    typeText(giorno, "28022026");
    expect(giorno.value).toBe("28/02/2026");
    fireEvent.click(screen.getByRole("button", { name: "Giorno successivo" }));
    expect(giorno.value).toBe("01/03/2026");
    fireEvent.click(screen.getByRole("button", { name: "Giorno precedente" }));
    fireEvent.click(screen.getByRole("button", { name: "Giorno precedente" }));
    expect(giorno.value).toBe("27/02/2026");
    fireEvent.click(screen.getByRole("button", { name: "Applica" }));
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    expect(listInUrl().filters).toMatchObject({
      giorno: "2026-02-27",
      data_nascita_dal: iso,
      data_nascita_al: iso,
    });
    expect(seen.at(-1)!.get("giorno")).toBe("2026-02-27");
    server.events.removeAllListeners();
  });

  it("an impossible date in a filter is its error under the field, kept as typed, and nothing is applied", async () => {
    const seen: URLSearchParams[] = [];
    server.events.on("request:start", ({ request }) => seen.push(new URL(request.url).searchParams));
    renderWithProviders(<Screen />);
    const dal = screen.getByLabelText("Data di nascita dal") as HTMLInputElement;
    typeText(dal, "31/04/2026");
    fireEvent.click(screen.getByRole("button", { name: "Applica" }));
    expect(await screen.findByText("Data non valida (GG/MM/AAAA)")).toBeTruthy();
    expect(dal.value).toBe("31/04/2026");
    expect(listInUrl().filters).toEqual({});
    expect(seen).toEqual([]);
    server.events.removeAllListeners();
  });

  it("debounces the global search by 500 ms", () => {
    jest.useFakeTimers();
    try {
      renderWithProviders(<Screen />);
      const box = screen.getByLabelText("Ricerca");
      fireEvent.change(box, { target: { value: "ro" } });
      act(() => jest.advanceTimersByTime(300));
      fireEvent.change(box, { target: { value: "ross" } });
      act(() => jest.advanceTimersByTime(499));
      expect(listInUrl().global).toBe("");
      act(() => jest.advanceTimersByTime(1));
      expect(listInUrl().global).toBe("ross");
      expect(listInUrl().autoload).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it("autocomplete loads options after typing and shows the empty text", async () => {
    renderWithProviders(<Screen />);
    const input = screen.getByPlaceholderText("Inizia a digitare...");
    fireEvent.change(input, { target: { value: "xyz" } });
    await screen.findByText("Nessun operatore trovato", {}, { timeout: 10000 });
    fireEvent.change(input, { target: { value: "ros" } });
    fireEvent.click(await screen.findByRole("option", { name: "Rossi Mario" }, { timeout: 10000 }));
    expect((input as HTMLInputElement).value).toBe("Rossi Mario");
    expect(loadOperatori).toHaveBeenLastCalledWith("ros");
  });
});
