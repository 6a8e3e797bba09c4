/**
 * Where a service takes place, for ranking operators by distance: the coordinates sent; else, when
 * the service is new or its address changed (or it has none), its address geocoded ('Via Roma 1,
 * Milano': the street before the first comma, the place after it — without a comma, the client's
 * city); else the client's site (the one named by the contract's `sede`, else its first located
 * site), else the client's own point. Runs before the transaction (geocoding is slow) and never
 * fails a save.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { queryOne } from "../../../db/query";
import type { AppContext } from "../../../lib/context";
import { type GeoPoint, geocodeForSave } from "../../../lib/geocoding";

interface Placed {
  indirizzo?: string | null;
  lat?: number | null;
  lng?: number | null;
}

interface ClientePlace {
  citta: string;
  prov: string;
  lat: number | null;
  lng: number | null;
}

/** The client's city and the point of its site (or of the client) for a contract. */
async function clientePlace(ex: Executor, contrattoId: number): Promise<ClientePlace | undefined> {
  return queryOne<ClientePlace>(
    ex,
    sql`SELECT cl.citta, cl.prov, coalesce(s.lat, cl.lat) AS lat, coalesce(s.lng, cl.lng) AS lng
        FROM contratti c JOIN clienti cl ON cl.id = c.cliente_id
        LEFT JOIN LATERAL (
          SELECT cs.lat, cs.lng FROM clienti_sedi cs
          WHERE cs.cliente_id = cl.id AND cs.lat IS NOT NULL AND cs.lng IS NOT NULL
          ORDER BY (cs.descrizione = c.sede) IS TRUE DESC, cs.id LIMIT 1
        ) s ON true
        WHERE c.id = ${contrattoId}`,
  );
}

/** The address of a service as the geocoder's parts. */
export function servizioAddress(indirizzo: string, cliente: Pick<ClientePlace, "citta" | "prov">) {
  const comma = indirizzo.indexOf(",");
  if (comma < 0) return { indirizzo: indirizzo.trim(), citta: cliente.citta, prov: cliente.prov };
  return { indirizzo: indirizzo.slice(0, comma).trim(), citta: indirizzo.slice(comma + 1).trim() };
}

/** The coordinates to store with a service being created (`before` null) or changed; {} to keep them. */
export async function placeServizio(
  ctx: { db: Executor; config?: AppContext["config"] },
  contrattoId: number,
  before: Placed | null,
  data: Placed,
): Promise<{ lat?: number | null; lng?: number | null }> {
  if (data.lat !== undefined || data.lng !== undefined) return {};
  const indirizzo = (data.indirizzo ?? before?.indirizzo ?? "").trim();
  const changed = !before || (data.indirizzo !== undefined && indirizzo !== (before.indirizzo ?? "").trim());
  if (!changed && before?.lat != null && before?.lng != null) return {};
  const cliente = await clientePlace(ctx.db, contrattoId);
  if (!cliente) return {};
  let point: GeoPoint | undefined;
  if (ctx.config && indirizzo) point = (await geocodeForSave(ctx.config, servizioAddress(indirizzo, cliente))).point;
  point ??= cliente.lat != null && cliente.lng != null ? { lat: cliente.lat, lng: cliente.lng } : undefined;
  return point ? { lat: point.lat, lng: point.lng } : { lat: null, lng: null };
}
