/** The application root: store, Chakra, the session actor and the router. */
import { ChakraProvider } from "@chakra-ui/react";
import { Provider } from "react-redux";
import { RouterProvider } from "react-router-dom";
import { createAppRouter } from "./router";
import { SessionProvider } from "./session-context";
import { makeStore } from "./store";
import { system } from "./theme";
import { Toaster } from "./toaster";

const store = makeStore();
const router = createAppRouter();
const navigate = (to: string) => {
  void router.navigate(to);
};

export function App() {
  return (
    <Provider store={store}>
      <ChakraProvider value={system}>
        <SessionProvider store={store} navigate={navigate}>
          <RouterProvider router={router} />
        </SessionProvider>
        <Toaster />
      </ChakraProvider>
    </Provider>
  );
}
