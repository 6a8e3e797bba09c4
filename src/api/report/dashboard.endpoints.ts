/** GET /api/report/dashboard/: the dashboard's figures in one request. The reports are lists (src/api/list.endpoints.ts). */
import type { Dashboard } from "../../domain/contracts/report/dashboard";
import { api } from "../base";

export type { Dashboard };

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<Dashboard, void>({ query: () => "report/dashboard/" }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
