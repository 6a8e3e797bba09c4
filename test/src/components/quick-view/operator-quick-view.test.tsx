import { ChakraProvider } from "@chakra-ui/react";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { Provider } from "react-redux";
import { issueMockToken } from "../../../../mocks/http";
import { tokenStorage } from "../../../../src/api/token-storage";
import { makeStore } from "../../../../src/app/store";
import { OperatorName, OperatorQuickView } from "../../../../src/components/quick-view/operator-quick-view";
import { system } from "../../../../src/lib/theme";
import { setupMockServer } from "../../helpers/msw";

const server = setupMockServer();

function renderIt(ui: React.ReactElement) {
  tokenStorage.set(issueMockToken(1));
  const store = makeStore();
  return {
    store,
    ...render(
      <Provider store={store}>
        <ChakraProvider value={system}>{ui}</ChakraProvider>
      </Provider>,
    ),
  };
}

describe("operator quick view", () => {
  test("renders every field with the hours trimmed and green/red availability chips", async () => {
    renderIt(<OperatorQuickView id={1} cliente={1} />);
    const card = await screen.findByTestId("operator-quick-view", {}, { timeout: 15000 });
    expect(card.textContent).toContain("Rossi Mario");
    expect(screen.getByLabelText("Valutazione 4 su 5")).toBeTruthy();
    expect(screen.getByText("App installata")).toBeTruthy();
    expect(screen.getByText("180 cm")).toBeTruthy();
    expect(screen.getByText("78 kg")).toBeTruthy();
    expect(screen.getByText("01/08/1985")).toBeTruthy();
    expect(screen.getByText("+39 333 123 4567")).toBeTruthy();
    expect(screen.getByText(/Tempo indeterminato dal 01\/02\/2020/)).toBeTruthy();
    // 'HH:MM:SS' with the last three characters trimmed
    expect(screen.getByText("08:00", { selector: "p" })).toBeTruthy();
    expect(screen.getByText("36:30")).toBeTruthy();
    expect(screen.getByText("142:15")).toBeTruthy();
    expect(card.textContent).not.toContain("36:30:00");
    expect(screen.getByText("Guardia particolare giurata armata")).toBeTruthy();
    expect(screen.getByText("08:00–16:00")).toBeTruthy();
    const sunday = screen.getByTitle("Domenica: non disponibile");
    const monday = screen.getByTitle("Lunedì: disponibile");
    expect(sunday.getAttribute("data-available")).toBe("false");
    expect(monday.getAttribute("data-available")).toBe("true");
  });

  test("is cached per id: a second card for the same operator makes no new call", async () => {
    let calls = 0;
    server.events.on("request:start", ({ request }) => {
      if (request.url.includes("quick_view=true")) calls += 1;
    });
    const { rerender, store } = renderIt(<OperatorQuickView id={2} />);
    await screen.findByText("Bianchi Giulia", {}, { timeout: 15000 });
    rerender(
      <Provider store={store}>
        <ChakraProvider value={system}>
          <div>
            <OperatorQuickView id={2} />
            <OperatorQuickView id={2} />
          </div>
        </ChakraProvider>
      </Provider>,
    );
    await waitFor(() => expect(screen.getAllByText("Bianchi Giulia")).toHaveLength(2));
    expect(calls).toBe(1);
    server.events.removeAllListeners();
  });

  test("a failed load is only logged and the card stays empty", async () => {
    const logged = jest.spyOn(console, "error").mockImplementation(() => {});
    server.use(
      http.get("*/api/anagrafiche/operatori/1/", () => HttpResponse.json({ detail: "Errore" }, { status: 500 })),
    );
    const { container } = renderIt(<OperatorQuickView id={1} />);
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith("Quick view operatore non disponibile", 1, expect.anything()),
    );
    expect(container.textContent).toBe("");
    logged.mockRestore();
  });

  test("OperatorName opens the card on hover", async () => {
    renderIt(<OperatorName id={1}>Rossi</OperatorName>);
    const trigger = screen.getByText("Rossi");
    fireEvent.pointerEnter(trigger, { pointerType: "mouse" });
    fireEvent.mouseEnter(trigger);
    fireEvent.focus(trigger);
    expect(await screen.findByText("Rossi Mario", {}, { timeout: 15000 })).toBeTruthy();
  });
});
