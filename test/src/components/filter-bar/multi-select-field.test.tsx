import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { DataTable } from "../../../../src/components/data-table/data-table";
import { FilterBar } from "../../../../src/components/filter-bar/filter-bar";
import type { FilterField } from "../../../../src/components/filter-bar/filter-bar.types";
import { ListScope } from "../../../../src/components/lists/list-scope";
import { setupMockServer } from "../../helpers/msw";
import { listInUrl, renderWithProviders } from "../test-utils";

const server = setupMockServer();

const FIELDS: FilterField[] = [
  { type: "province", name: "prov", label: "Provincia", multiple: true },
  {
    type: "select",
    name: "stato",
    label: "Stato",
    multiple: true,
    options: [
      { value: "A", label: "Attivo" },
      { value: "S", label: "Sospeso" },
    ],
  },
];

function Screen() {
  return (
    <ListScope listId="op">
      <FilterBar listId="op" fields={FIELDS} />
      <DataTable listId="op" path="anagrafiche/operatori/" columns={[{ key: "codice", name: "Codice" }]} />
    </ListScope>
  );
}

async function openSelect(label: string) {
  fireEvent.click(screen.getByRole("button", { name: new RegExp(`^${label}`) }));
  return screen.findByRole("textbox", { name: `Cerca in ${label}`, hidden: true });
}

describe("FilterBar multi-select", () => {
  it("chooses two provinces by searching, submits both, removes one chip", async () => {
    const seen: URLSearchParams[] = [];
    server.events.on("request:start", ({ request }) => seen.push(new URL(request.url).searchParams));
    renderWithProviders(<Screen />);
    const trigger = screen.getByLabelText("Provincia");
    expect(trigger.textContent).toContain("Seleziona");

    const search = await openSelect("Provincia");
    fireEvent.change(search, { target: { value: "roma" } });
    const options = screen.getByRole("group", { name: "Opzioni di Provincia", hidden: true });
    expect(within(options).queryByText("Milano (MI)")).toBeNull();
    fireEvent.click(within(options).getByText("Roma (RM)"));
    await waitFor(() => expect(trigger.textContent).toContain("Roma (RM)"));
    fireEvent.change(search, { target: { value: "mil" } });
    fireEvent.click(
      within(screen.getByRole("group", { name: "Opzioni di Provincia", hidden: true })).getByText("Milano (MI)"),
    );
    await waitFor(() => expect(trigger.textContent).toContain("2 selezionati"));
    fireEvent.change(search, { target: { value: "zzz" } });
    screen.getByText("Nessuna opzione");

    const chips = screen.getByRole("list", { name: "Provincia scelte" });
    expect(
      within(chips)
        .getAllByRole("listitem")
        .map((c) => c.textContent),
    ).toEqual(["Milano (MI)", "Roma (RM)"]);

    fireEvent.click(screen.getByRole("button", { name: "Applica" }));
    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    expect(listInUrl().filters).toEqual({ prov: ["MI", "RM"] });
    expect(seen.at(-1)!.get("prov")).toBe("MI,RM");

    fireEvent.click(within(chips).getByRole("button", { name: "Rimuovi Milano (MI)" }));
    await waitFor(() => expect(trigger.textContent).toContain("Roma (RM)"));
    expect(screen.queryByRole("button", { name: "Rimuovi Milano (MI)" })).toBeNull();
    const before = seen.length;
    fireEvent.click(screen.getByRole("button", { name: "Applica" }));
    await waitFor(() => expect(seen.length).toBeGreaterThan(before));
    // one value is one parameter in the URL (f.prov=RM): read back as a single value, which the field takes as a list
    expect(listInUrl().filters).toEqual({ prov: "RM" });
    expect(seen.at(-1)!.get("prov")).toBe("RM");
    expect(
      within(chips)
        .getAllByRole("listitem")
        .map((c) => c.textContent),
    ).toEqual(["Roma (RM)"]);
    server.events.removeAllListeners();
  });

  it("works from the keyboard: Enter toggles the first match, arrows move between options", async () => {
    renderWithProviders(<Screen />);
    const search = await openSelect("Stato");
    fireEvent.change(search, { target: { value: "sosp" } });
    fireEvent.keyDown(search, { key: "Enter" });
    await waitFor(() => expect(screen.getByLabelText("Stato").textContent).toContain("Sospeso"));
    // Enter in the search box does not submit the filters
    expect(listInUrl().filters).toEqual({});
    fireEvent.change(search, { target: { value: "" } });
    fireEvent.keyDown(search, { key: "ArrowDown" });
    const boxes = within(screen.getByRole("group", { name: "Opzioni di Stato", hidden: true })).getAllByRole(
      "checkbox",
      { hidden: true },
    );
    expect(document.activeElement).toBe(boxes[0]);
    fireEvent.keyDown(boxes[0], { key: "Enter" });
    await waitFor(() => expect(screen.getByLabelText("Stato").textContent).toContain("2 selezionati"));
    fireEvent.keyDown(boxes[0], { key: "ArrowDown" });
    expect(document.activeElement).toBe(boxes[1]);
    fireEvent.click(screen.getByRole("button", { name: "Deseleziona tutti", hidden: true }));
    await waitFor(() => expect(screen.getByLabelText("Stato").textContent).toContain("Seleziona"));
  });

  it("reads the submitted array back from the list state as chips", async () => {
    function Restored() {
      return (
        <ListScope listId="op" defaults={{ filters: { prov: ["TO", "XX"] } }}>
          <FilterBar listId="op" fields={FIELDS} />
        </ListScope>
      );
    }
    renderWithProviders(<Restored />);
    const chips = await screen.findByRole("list", { name: "Provincia scelte" });
    expect(
      within(chips)
        .getAllByRole("listitem")
        .map((c) => c.textContent),
    ).toEqual(["Torino (TO)", "XX"]);
  });
});
