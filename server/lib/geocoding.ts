/**
 * Address geocoding through a Google-compatible endpoint (GEOCODING_URL, GEOCODING_KEY):
 *   GET {url}?address=<text>&key=<key>  →  {status, results: [{geometry: {location: {lat, lng}}}]}
 * Messages of SPEC §8: ZERO_RESULTS → 400 'Non ho trovato risultati per questa ricerca'; any other
 * non-OK status, an HTTP error, a bad body or a timeout → 502 'Si è verificato un problema durante
 * la ricerca'; not configured → 503. The address needs at least indirizzo and citta or CAP (SPEC §5).
 */
import type { AppConfig } from "../config";
import { HttpError, validationError } from "./errors";

export interface AddressParts {
  indirizzo?: string | null;
  cap?: string | null;
  citta?: string | null;
  prov?: string | null;
}

export interface GeoPoint {
  lat: number;
  lng: number;
}

export const GEOCODING_MESSAGES = {
  zeroResults: "Non ho trovato risultati per questa ricerca",
  problem: "Si è verificato un problema durante la ricerca",
  /** Said to the office; the technical detail (GEOCODING_URL, GEOCODING_KEY) is in the start-up log. */
  notConfigured: "La ricerca dell'indirizzo non è attiva: chiedi all'amministratore",
  missingAddress: "Indica l'indirizzo",
  missingPlace: "Indica la città o il CAP",
} as const;

export const GEOCODING_TIMEOUT_MS = 5000;

const clean = (v: string | null | undefined) => (v ?? "").trim();

/** True when the parts are enough to search: indirizzo and (citta or cap). */
export function hasGeocodableAddress(a: AddressParts): boolean {
  return clean(a.indirizzo) !== "" && (clean(a.citta) !== "" || clean(a.cap) !== "");
}

/** The text sent to the geocoder: 'Via Roma 1, 20121 Milano MI, Italia'. */
export function addressText(a: AddressParts): string {
  const place = [clean(a.cap), clean(a.citta), clean(a.prov).toUpperCase()].filter(Boolean).join(" ");
  return [clean(a.indirizzo), place, "Italia"].filter(Boolean).join(", ");
}

export function isGeocodingConfigured(config: Pick<AppConfig, "geocodingUrl" | "geocodingKey">): boolean {
  return Boolean(config.geocodingUrl && config.geocodingKey);
}

interface GeocodeBody {
  status?: unknown;
  results?: { geometry?: { location?: { lat?: unknown; lng?: unknown } } }[];
}

/** Geocodes an address or throws an HttpError with the Italian message (400 / 502 / 503). */
export async function geocode(
  config: Pick<AppConfig, "geocodingUrl" | "geocodingKey">,
  address: AddressParts,
  opts: { timeoutMs?: number } = {},
): Promise<GeoPoint> {
  if (!hasGeocodableAddress(address)) {
    const errors: Record<string, string> = {};
    if (!clean(address.indirizzo)) errors.indirizzo = GEOCODING_MESSAGES.missingAddress;
    if (!clean(address.citta) && !clean(address.cap)) errors.citta = GEOCODING_MESSAGES.missingPlace;
    throw validationError(errors);
  }
  if (!isGeocodingConfigured(config)) throw new HttpError(503, GEOCODING_MESSAGES.notConfigured);
  const url = new URL(config.geocodingUrl as string);
  url.searchParams.set("address", addressText(address));
  url.searchParams.set("key", config.geocodingKey as string);
  let body: GeocodeBody;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? GEOCODING_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    body = (await res.json()) as GeocodeBody;
  } catch {
    throw new HttpError(502, GEOCODING_MESSAGES.problem);
  }
  if (body.status === "ZERO_RESULTS") throw new HttpError(400, GEOCODING_MESSAGES.zeroResults);
  if (body.status !== "OK") throw new HttpError(502, GEOCODING_MESSAGES.problem);
  const loc = body.results?.[0]?.geometry?.location;
  const lat = Number(loc?.lat);
  const lng = Number(loc?.lng);
  if (!loc || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    throw new HttpError(502, GEOCODING_MESSAGES.problem);
  }
  return { lat, lng };
}

/**
 * For saves: never throws. Answers the point, or a warning when the geocoder is configured and
 * the address is complete but the search failed; nothing at all when there is nothing to do.
 */
export async function geocodeForSave(
  config: Pick<AppConfig, "geocodingUrl" | "geocodingKey">,
  address: AddressParts,
  opts: { timeoutMs?: number; label?: string } = {},
): Promise<{ point?: GeoPoint; warning?: string }> {
  if (!isGeocodingConfigured(config) || !hasGeocodableAddress(address)) return {};
  try {
    return { point: await geocode(config, address, opts) };
  } catch (e) {
    const detail = e instanceof HttpError ? e.detail : GEOCODING_MESSAGES.problem;
    const prefix = opts.label ? `${opts.label}: ` : "";
    return { warning: `${prefix}coordinate non aggiornate (${detail})` };
  }
}

/** Coordinates for a saved address: those sent, else geocoded when the address changed or has none. */
export async function placeAddress<T extends AddressParts & { lat?: number | null; lng?: number | null }>(
  config: Pick<AppConfig, "geocodingUrl" | "geocodingKey">,
  before: T | null,
  after: T,
  data: { lat?: unknown; lng?: unknown },
  label: string,
): Promise<{ after: T; warnings: string[] }> {
  const sentCoords = data.lat !== undefined || data.lng !== undefined;
  if (sentCoords) return { after, warnings: [] };
  const keys = ["indirizzo", "cap", "citta", "prov"] as const;
  const changed = !before || keys.some((k) => (before[k] ?? "") !== (after[k] ?? ""));
  if (!changed && after.lat != null && after.lng != null) return { after, warnings: [] };
  const { point, warning } = await geocodeForSave(config, after, { label });
  if (point) return { after: { ...after, lat: point.lat, lng: point.lng }, warnings: [] };
  // The old coordinates belong to the old address: drop them rather than mislead distance ranking.
  const cleared = changed ? { ...after, lat: null, lng: null } : after;
  return { after: cleared, warnings: warning ? [warning] : [] };
}
