/** The application root: store, Chakra, the session actor and the router. */
import { ChakraProvider } from "@chakra-ui/react";
import { Provider } from "react-redux";
import { RouterProvider } from "react-router-dom";
import { system } from "../lib/theme";
import { Toaster } from "../lib/toaster";
import { appSessionMachine } from "../machines/session.services";
import { SessionProvider } from "../machines/session-context";
import { createAppRouter } from "./router";
import { makeStore } from "./store";

const store = makeStore();
const router = createAppRouter();
const navigate = (to: string) => {
  void router.navigate(to);
};
const session = appSessionMachine({ store, navigate });

export function App() {
  return (
    <Provider store={store}>
      <ChakraProvider value={system}>
        <SessionProvider machine={session}>
          <RouterProvider router={router} />
        </SessionProvider>
        <Toaster />
      </ChakraProvider>
    </Provider>
  );
}
