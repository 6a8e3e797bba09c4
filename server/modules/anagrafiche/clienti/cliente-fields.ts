/** What a client's record and its rows (sites, contacts) share: content types, messages, the merge of a body. */

export const CONTENT_TYPES = { cliente: "cliente", sede: "cliente_sede", contatto: "cliente_contatto" } as const;

export const CLIENTE_NON_TROVATO = "Cliente non trovato";

/** An address not yet given: the starting values of a client's or a site's address. */
export const EMPTY_ADDRESS = { indirizzo: "", cap: "", citta: "", prov: "", lat: null, lng: null } as const;

/**
 * The stored values after a write: a field absent from `data` keeps its value; null clears it
 * ('' for text, null for coordinates; attivo keeps its value).
 */
export function merge<T extends object>(before: T, data: Record<string, unknown>): T {
  const out = { ...before } as Record<string, unknown>;
  for (const [k, v] of Object.entries(data)) {
    if (!(k in out) || v === undefined) continue;
    if (v === null) {
      if (k === "lat" || k === "lng") out[k] = null;
      else if (typeof out[k] === "string") out[k] = "";
      continue;
    }
    out[k] = v;
  }
  return out as T;
}
