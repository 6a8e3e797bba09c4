/**
 * The audit log (SPEC §3 Log entry, §7 Log): the entries are read through the generic list
 * (`log/list/`, see list.endpoints.ts); the content types present come from `log/content-types/`.
 */
import { api } from "./base";

/** SPEC §3 Log entry. */
export interface LogEntry {
  id: number;
  azione: string;
  /** 'YYYY-MM-DD HH:mm:ss' (Europe/Rome). */
  data_ora: string;
  utente: { first_name: string; last_name: string } | null;
  note: string | null;
  content_type: string;
  object_id: string | null;
  dati: { change_log?: string[] };
}

export const LOG_LIST_PATH = "log/list/";

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
