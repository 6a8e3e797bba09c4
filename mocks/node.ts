/** The msw server for Node (jest): `server.listen()` in a test, `resetMockData()` between cases. */
import { setupServer } from "msw/node";
import { handlers } from "./handlers";

export const server = setupServer(...handlers);
export { resetMockData } from "./handlers";
