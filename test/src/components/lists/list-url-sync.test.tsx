import { ChakraProvider } from "@chakra-ui/react";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider } from "react-redux";
import { createMemoryRouter, RouterProvider, useNavigate } from "react-router-dom";
import { makeStore } from "../../../../src/app/store";
import { DataTable } from "../../../../src/components/data-table/data-table";
import { listStateFromUrl, listUrlKey } from "../../../../src/components/lists/list-url";
import { selectList } from "../../../../src/components/lists/lists.selectors";
import { setGlobal } from "../../../../src/components/lists/lists.slice";
import { useListState } from "../../../../src/components/lists/use-list-state";
import { useAppDispatch } from "../../../../src/lib/hooks";
import { system } from "../../../../src/lib/theme";
import { setupMockServer } from "../../helpers/msw";
import { renderWithProviders } from "../test-utils";

const server = setupMockServer();

function Screen() {
  useListState("operatori", {});
  const navigate = useNavigate();
  return (
    <>
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
    </>
  );
}

/** A row link followed in the same tick as a change of the list (the debounced search settling). */
function LinkRaceScreen({ to }: { to: string }) {
  useListState("operatori", {});
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  return (
    <button
      type="button"
      onClick={() => {
        navigate(to);
        dispatch(setGlobal({ listId: "operatori", global: "ross" }));
      }}
    >
      Apri
    </button>
  );
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
    const { store } = renderWithProviders(<Screen />, {
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
    expect(selectList(store.getState(), "operatori").filters).toEqual({ prov: "MI" });
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

  it("a link followed as the list changes keeps the link's own parameter (it used to be replaced by the list's)", async () => {
    renderWithProviders(<LinkRaceScreen to="/lista?anomalia=5" />, { url: "/lista?page=1" });
    fireEvent.click(await screen.findByRole("button", { name: "Apri" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toMatch(/^\/lista\?anomalia=5(&|$)/));
    // the page settles there: nothing writes the list's URL over the link's afterwards
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId("location").textContent).toMatch(/^\/lista\?anomalia=5(&|$)/);
  });

  it("a link to another page followed as the list changes leads there (the list does not pull the user back)", async () => {
    renderWithProviders(<LinkRaceScreen to="/altrove" />, { url: "/lista?page=1" });
    fireEvent.click(await screen.findByRole("button", { name: "Apri" }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId("location").textContent).toBe("/altrove");
  });

  it("the same on the app's kind of router (a data router under /app, whose navigations are transitions too)", async () => {
    const router = createMemoryRouter([{ path: "*", element: <LinkRaceScreen to="/lista?anomalia=5" /> }], {
      basename: "/app",
      initialEntries: ["/app/lista?page=1"],
    });
    render(
      <Provider store={makeStore()}>
        <RouterProvider router={router} />
      </Provider>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Apri" }));
    await new Promise((r) => setTimeout(r, 50));
    const { pathname, search } = router.state.location;
    expect(`${pathname}${search}`).toMatch(/^\/app\/lista\?anomalia=5(&|$)/);
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
