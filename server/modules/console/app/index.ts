/** The guards' app API, mounted at /api/app (issue 12 item 1): see ./app.routes.ts. */
export { appRoutes as appModule } from "./app.routes";
