/** SPEC §7 'GET /api/anagrafiche/province/ on start': asked once after login, then served from the cache. */
import { screen, waitFor } from "@testing-library/react";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
const SLOW = { timeout: 15000 };

test("the provinces are loaded once after login and reused by the forms", async () => {
  const calls: string[] = [];
  server.events.on("request:start", ({ request }) => {
    if (request.method === "GET" && new URL(request.url).pathname.endsWith("/api/anagrafiche/province/"))
      calls.push(request.url);
  });
  const { router } = renderApp("/anagrafiche/operatori", { as: "admin" });
  await screen.findByRole("navigation", { name: "Menu principale" }, SLOW);
  await waitFor(() => expect(calls).toHaveLength(1), SLOW);

  // A form with province selectors: the options come from the cached answer, no second call.
  await router.navigate("/anagrafiche/operatori/aggiungi-nuovo");
  const provincia = await screen.findByRole("combobox", { name: "Provincia di nascita" }, SLOW);
  expect(provincia.querySelectorAll("option").length).toBeGreaterThan(100);
  expect(calls).toHaveLength(1);
  server.events.removeAllListeners();
});

test("nobody asks for the provinces before logging in", async () => {
  const calls: string[] = [];
  server.events.on("request:start", ({ request }) => {
    if (new URL(request.url).pathname.endsWith("/api/anagrafiche/province/")) calls.push(request.url);
  });
  renderApp("/login");
  await screen.findByRole("button", { name: /accedi/i }, SLOW);
  expect(calls).toHaveLength(0);
  server.events.removeAllListeners();
});
