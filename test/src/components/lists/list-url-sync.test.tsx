import { ChakraProvider } from "@chakra-ui/react";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider } from "react-redux";
import { createMemoryRouter, Link, RouterProvider, useNavigate } from "react-router-dom";
import { makeStore } from "../../../../src/app/store";
import { DataTable } from "../../../../src/components/data-table/data-table";
import { FilterBar } from "../../../../src/components/filter-bar/filter-bar";
import { ListScope } from "../../../../src/components/lists/list-scope";
import { listStateFromUrl, listUrlKey } from "../../../../src/components/lists/list-url";
import { system } from "../../../../src/lib/theme";
import { setupMockServer } from "../../helpers/msw";
import { listInUrl, renderWithProviders } from "../test-utils";

const server = setupMockServer();

function Screen() {
  const navigate = useNavigate();
  return (
    <ListScope listId="operatori">
      <button type="button" onClick={() => navigate(-1)}>
        Indietro
      </button>
      <DataTable
        listId="operatori"
        path="anagrafiche/operatori/"
        columns={[
          { key: "codice", name: "Codice" },
          { key: "cognome", name: "Cognome", sortable: true },
        ]}
      />
    </ListScope>
  );
}

/** A list with its search box and a row's link (as the Anomalie list links each row to its detail). */
function LinkScreen({ to }: { to: string }) {
  return (
    <ListScope listId="operatori">
      <FilterBar listId="operatori" fields={[{ type: "global", label: "Ricerca" }]} />
      <Link to={to}>Apri la riga</Link>
    </ListScope>
  );
}

/** What a user does: types in the search box and, before the search settles, clicks a row's link. */
function typeThenFollowLink(text: string) {
  const box = screen.getByLabelText("Ricerca");
  box.focus();
  fireEvent.change(box, { target: { value: text } });
  // a click on a link moves the focus to it before the click acts (the box loses it)
  const link = screen.getByRole("link", { name: "Apri la riga" });
  act(() => link.focus());
  fireEvent.click(link);
}

describe("list state in the URL", () => {
  it("round-trips through the URL form", () => {
    const params = new URLSearchParams(
      "page=3&page_size=50&global=ross&order_field=cognome&order_asc=false&f.prov=MI&f.prov=RM&f.attivo=true",
    );
    const state = listStateFromUrl(params);
    expect(state).toEqual({
      filters: { prov: ["MI", "RM"], attivo: true },
      global: "ross",
      sort: { field: "cognome", asc: false },
      page: 3,
      pageSize: 50,
      autoload: true,
      groupBy: null,
    });
    expect(listStateFromUrl(new URLSearchParams(listUrlKey(state)))).toEqual(state);
  });

  it("restores a shared link: filters, sort, page and page size are sent at once", async () => {
    const seen: URLSearchParams[] = [];
    server.events.on("request:start", ({ request }) => seen.push(new URL(request.url).searchParams));
    renderWithProviders(<Screen />, {
      url: "/anagrafiche/operatori?page=2&page_size=10&order_field=cognome&order_asc=true&f.prov=MI",
    });
    await waitFor(() => expect(screen.getByTestId("range-text").textContent).toBe("11–20 di 23"));
    const q = seen.at(-1)!;
    expect([q.get("page"), q.get("page_size"), q.get("order_field"), q.get("order_asc"), q.get("prov")]).toEqual([
      "2",
      "10",
      "cognome",
      "true",
      "MI",
    ]);
    expect(listInUrl().filters).toEqual({ prov: "MI" });
    server.events.removeAllListeners();
  });

  it("writes changes to the URL and Back restores the previous page", async () => {
    renderWithProviders(<Screen />, { url: "/lista?page=1" });
    await screen.findByText("OP0001");
    fireEvent.click(screen.getByRole("button", { name: "Pagina successiva" }));
    await screen.findByText("OP0026");
    expect(screen.getByTestId("location").textContent).toBe("/lista?page=2");
    fireEvent.click(screen.getByRole("button", { name: "Indietro" }));
    await screen.findByText("OP0001");
    expect(screen.getByTestId("location").textContent).toBe("/lista?page=1");
  });

  it("a row's link followed while the search is being typed keeps the link's parameter (it used to be replaced by the list's)", () => {
    jest.useFakeTimers();
    try {
      renderWithProviders(<LinkScreen to="/lista?anomalia=5" />, { url: "/lista?page=1" });
      typeThenFollowLink("ross");
      act(() => jest.advanceTimersByTime(1000)); // the search's debounce is long past
      expect(screen.getByTestId("location").textContent).toBe("/lista?anomalia=5");
    } finally {
      jest.useRealTimers();
    }
  });

  it("the search typed before the link is in the history entry the link leaves", () => {
    jest.useFakeTimers();
    try {
      function WithBack() {
        const navigate = useNavigate();
        return (
          <>
            <LinkScreen to="/altrove" />
            <button type="button" onClick={() => navigate(-1)}>
              Indietro
            </button>
          </>
        );
      }
      renderWithProviders(<WithBack />, { url: "/lista?page=1" });
      typeThenFollowLink("ross");
      act(() => jest.advanceTimersByTime(1000));
      expect(screen.getByTestId("location").textContent).toBe("/altrove");
      fireEvent.click(screen.getByRole("button", { name: "Indietro" }));
      expect(screen.getByTestId("location").textContent).toBe("/lista?page=1&global=ross");
    } finally {
      jest.useRealTimers();
    }
  });

  it("the same on the app's kind of router (a data router under /app, whose navigations are transitions)", async () => {
    const router = createMemoryRouter([{ path: "*", element: <LinkScreen to="/lista?anomalia=5" /> }], {
      basename: "/app",
      initialEntries: ["/app/lista?page=1"],
    });
    render(
      <Provider store={makeStore()}>
        <ChakraProvider value={system}>
          <RouterProvider router={router} />
        </ChakraProvider>
      </Provider>,
    );
    await screen.findByLabelText("Ricerca");
    typeThenFollowLink("ross");
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/app/lista?anomalia=5"),
    );
    await act(() => router.navigate(-1));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/app/lista?page=1&global=ross");
  });

  it("on the app's kind of router a change of the list reaches the URL (under /app)", async () => {
    const router = createMemoryRouter([{ path: "*", element: <Screen /> }], {
      basename: "/app",
      initialEntries: ["/app/lista?page=1"],
    });
    render(
      <Provider store={makeStore()}>
        <ChakraProvider value={system}>
          <RouterProvider router={router} />
        </ChakraProvider>
      </Provider>,
    );
    await screen.findByText("OP0001");
    fireEvent.click(screen.getByRole("button", { name: "Pagina successiva" }));
    await screen.findByText("OP0026");
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/app/lista?page=2"),
    );
  });
});
