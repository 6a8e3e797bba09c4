import { defaultConfig } from "@chakra-ui/react";
import { cleanup, configure } from "@testing-library/react";
import { system } from "../../../src/lib/theme";
import { toaster } from "../../../src/lib/toaster";

// The bundle carries only the Chakra recipes of src/lib/theme-recipes.ts: a component whose recipe
// Chakra ships but the list lacks would render unstyled in the browser, so here it fails the test.
for (const [fn, shipped] of [
  ["getRecipeFn", defaultConfig.theme?.recipes],
  ["getSlotRecipeFn", defaultConfig.theme?.slotRecipes],
] as const) {
  const original = system[fn];
  const listed = fn === "getRecipeFn" ? system._config.theme?.recipes : system._config.theme?.slotRecipes;
  system[fn] = ((key: string, ...rest: unknown[]) => {
    if (shipped && key in shipped && !(listed && key in listed))
      throw new Error(`Chakra recipe '${key}' is not in src/lib/theme-recipes.ts: add it there`);
    return (original as (...a: unknown[]) => unknown)(key, ...rest);
  }) as never;
}

// Chakra + emotion render slowly in jsdom on a shared 2-CPU machine: give findBy/waitFor time.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  // The toaster is a module-level store: a toast left by one test would show again in the next.
  toaster.remove();
  cleanup();
  localStorage.clear();
});
