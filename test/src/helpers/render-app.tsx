/**
 * Renders the whole SPA (store, Chakra, session actor, the real route table) on a memory router at
 * `path`, optionally signed in as a fixture user of mocks/fixtures/auth.ts.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { render } from "@testing-library/react";
import { Provider } from "react-redux";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { issueMockToken } from "../../../mocks/http";
import { db } from "../../../mocks/store";
import { tokenStorage } from "../../../src/api/token-storage";
import { appRoutes } from "../../../src/app/router";
import { makeStore } from "../../../src/app/store";
import { system } from "../../../src/lib/theme";
import { Toaster } from "../../../src/lib/toaster";
import { appSessionMachine } from "../../../src/machines/session.services";
import { SessionProvider } from "../../../src/machines/session-context";
// The router loads the shell, the root route and the public pages other than login on demand; the
// tests load them up front so those lazy components resolve at once under a loaded machine (how the
// code arrives is measured by test/e2e/web-bytes.test.ts, not here).
import "../../../src/app/layout/shell-layout";
import "../../../src/app/root-route";
import "../../../src/features/auth/register-page";
import "../../../src/features/auth/forgot-password-page";
import "../../../src/features/auth/check-mail-page";
import "../../../src/features/auth/reset-password-page";
import "../../../src/features/auth/code-verification-page";

export interface RenderAppOptions {
  /** Username of a fixture user to start signed in as. */
  as?: string;
}

export function renderApp(path: string, opts: RenderAppOptions = {}) {
  if (opts.as) {
    const user = db.users.find((u) => u.username === opts.as);
    if (!user) throw new Error(`utente di prova sconosciuto: ${opts.as}`);
    tokenStorage.set(issueMockToken(user.id));
  }
  const store = makeStore();
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  const navigate = (to: string) => {
    void router.navigate(to);
  };
  const view = render(
    <Provider store={store}>
      <ChakraProvider value={system}>
        <SessionProvider machine={appSessionMachine({ store, navigate })}>
          <RouterProvider router={router} />
        </SessionProvider>
        <Toaster />
      </ChakraProvider>
    </Provider>,
  );
  return { ...view, store, router };
}
