/**
 * The shift's operator picker (issue 17 item 4): a full name is sent as typed, and two operators
 * with the same name are told apart by their code and city.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { fireEvent, render, screen } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { Provider } from "react-redux";
import { issueMockToken } from "../../../../../mocks/http";
import { tokenStorage } from "../../../../../src/api/token-storage";
import { makeStore } from "../../../../../src/app/store";
import { OperatorPicker } from "../../../../../src/features/pianificazione/common/operator-picker";
import { system } from "../../../../../src/lib/theme";
import { setupMockServer } from "../../../helpers/msw";

const server = setupMockServer();

test("shows the code and the city beside each name, so two Marco Rossi can be told apart", async () => {
  const globals: (string | null)[] = [];
  server.use(
    http.get("*/api/anagrafiche/operatori/", ({ request }) => {
      globals.push(new URL(request.url).searchParams.get("global"));
      return HttpResponse.json({
        count: 2,
        page: 1,
        results: [
          { id: 7, codice: "OP00007", cognome: "Rossi", nome: "Marco", citta: "Milano" },
          { id: 9, codice: "OP00009", cognome: "Rossi", nome: "Marco", citta: "Roma" },
        ],
      });
    }),
  );
  tokenStorage.set(issueMockToken(1));
  const onSelect = jest.fn();
  render(
    <Provider store={makeStore()}>
      <ChakraProvider value={system}>
        <OperatorPicker label="Operatore" onSelect={onSelect} />
      </ChakraProvider>
    </Provider>,
  );
  fireEvent.change(screen.getByLabelText("Operatore"), { target: { value: "Rossi Marco" } });
  const milano = await screen.findByRole("button", { name: /Rossi Marco.*OP00007.*Milano/ }, { timeout: 15000 });
  expect(screen.getByRole("button", { name: /Rossi Marco.*OP00009.*Roma/ })).toBeTruthy();
  expect(globals).toEqual(["Rossi Marco"]);
  fireEvent.click(milano);
  expect(onSelect).toHaveBeenCalledWith({ id: 7, cognome: "Rossi", nome: "Marco" });
});
