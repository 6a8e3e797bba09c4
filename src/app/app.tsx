/** The application root: providers and the router. The shell (issue: foundation) fills it in. */
import { ChakraProvider } from "@chakra-ui/react";
import { Provider } from "react-redux";
import { makeStore } from "./store";
import { system } from "./theme";
import { Toaster } from "./toaster";

const store = makeStore();

export function App() {
  return (
    <Provider store={store}>
      <ChakraProvider value={system}>
        <main>Vigilanza ERP</main>
        <Toaster />
      </ChakraProvider>
    </Provider>
  );
}
