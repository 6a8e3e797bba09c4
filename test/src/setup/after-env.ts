import { cleanup, configure } from "@testing-library/react";
import { toaster } from "../../../src/lib/toaster";

// Chakra + emotion render slowly in jsdom on a shared 2-CPU machine: give findBy/waitFor time.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  // The toaster is a module-level store: a toast left by one test would show again in the next.
  toaster.remove();
  cleanup();
  localStorage.clear();
});
