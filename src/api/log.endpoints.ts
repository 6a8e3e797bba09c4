/**
 * The audit log (SPEC §3 Log entry, §7 Log): the entries are read through the generic list
 * (`log/list/`, see list.endpoints.ts); the content types present come from `log/content-types/`.
 */
import type { LogEntry } from "../domain/contracts/log/log";
import { api } from "./base";

export type { LogEntry };

export const LOG_LIST_PATH = "log/list/";
/** One shift's own entries, readable by its planners (server/modules/log/log.routes.ts). */
export const turnoLogPath = (idTurno: number | string) => `log/turno/${idTurno}/`;

export interface ContentTypeOption {
  value: string;
  label: string;
}

/** Italian names of the audited entities. */
export const CONTENT_TYPE_LABELS: Record<string, string> = {
  operatore: "Operatore",
  cliente: "Cliente",
  candidato: "Candidato",
  contratto: "Contratto",
  servizio: "Servizio",
  giorno: "Giorno",
  turno: "Turno",
  evento: "Evento",
  utente: "Utente",
};

function labelOf(value: string): string {
  return CONTENT_TYPE_LABELS[value] ?? value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, " ");
}

/** Reads the content-types answer of the server: `[{id, descrizione}]`. */
export function toContentTypeOptions(body: unknown): ContentTypeOption[] {
  const list = Array.isArray(body) ? (body as { id?: unknown; descrizione?: unknown }[]) : [];
  return list
    .filter((o) => typeof o?.id === "string" && o.id !== "")
    .map((o) => ({
      value: o.id as string,
      label: typeof o.descrizione === "string" ? o.descrizione : labelOf(o.id as string),
    }));
}

export const logApi = api.injectEndpoints({
  endpoints: (build) => ({
    logContentTypes: build.query<ContentTypeOption[], void>({
      query: () => "log/content-types/",
      transformResponse: toContentTypeOptions,
      providesTags: ["Log"],
    }),
  }),
});

export const { useLogContentTypesQuery } = logApi;
