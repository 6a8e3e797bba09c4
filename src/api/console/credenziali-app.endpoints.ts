/** HR sets or resets a guard's credentials for the app: derived from contracts/console/credenziali-app/calls.ts. */
import type { CredenzialiAppData, CredenzialiAppOut } from "../../domain/contracts/console/app-guardie/schemas";
import { credenzialiAppCalls } from "../../domain/contracts/console/credenziali-app/calls";
import { api } from "../base";
import { callEndpoints } from "../calls";

export type { CredenzialiAppData, CredenzialiAppOut };

export const credenzialiAppApi = api.injectEndpoints({
  endpoints: (build) => callEndpoints(build, credenzialiAppCalls),
});

export const { useImpostaCredenzialiAppMutation } = credenzialiAppApi;
