/** Renders a list component with a fresh store, Chakra, a memory router and the toaster. */
import { ChakraProvider } from "@chakra-ui/react";
import { render, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { Provider } from "react-redux";
import { MemoryRouter, useLocation } from "react-router-dom";
import { makeStore } from "../../../src/app/store";
import type { ListDefaults, ListState } from "../../../src/components/lists/list-state";
import { listStateFromUrl } from "../../../src/components/lists/list-url";
import { system } from "../../../src/lib/theme";
import { Toaster, toaster } from "../../../src/lib/toaster";

/** Shows the current URL so tests can read what the list wrote there. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The list's state as the URL holds it now (the list's one source, use-list-state.ts). */
export function listInUrl(defaults?: ListDefaults): ListState {
  const shown = screen.getByTestId("location").textContent ?? "";
  return listStateFromUrl(new URLSearchParams(shown.split("?")[1] ?? ""), defaults);
}

export function renderWithProviders(ui: ReactElement, { url = "/" }: { url?: string } = {}) {
  const store = makeStore();
  const result = render(
    <Provider store={store}>
      <ChakraProvider value={system}>
        <MemoryRouter initialEntries={[url]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
        <Toaster />
      </ChakraProvider>
    </Provider>,
  );
  return { ...result, store };
}

export function clearToasts() {
  toaster.remove();
}
