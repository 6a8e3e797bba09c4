import { cleanup, configure } from "@testing-library/react";

// Chakra + emotion render slowly in jsdom on a shared 2-CPU machine: give findBy/waitFor time.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
