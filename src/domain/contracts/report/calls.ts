/** The report module's resources on the call table (src/domain/contracts/calls.ts). */
export { costoLavoroCalls } from "./costo-lavoro/calls";
export { rondeReportCalls } from "./ronde/calls";
