/** The msw server for Node (jest): `server.listen()` in a test file, `resetStore()` between tests. */
import { setupServer } from "msw/node";
import { handlers } from "./handlers";

export const server = setupServer(...handlers);
export { resetStore } from "./store";
