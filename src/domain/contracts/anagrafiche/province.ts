/** The contract of /api/anagrafiche/province/ (SPEC §3 Province) and /api/anagrafiche/geocoding/. */
import { z } from "zod";

export const ProvinciaOut = z.object({ name: z.string(), abbr: z.string(), slug: z.string() });
export type ProvinciaApi = z.infer<typeof ProvinciaOut>;
export const ProvinceOut = z.array(ProvinciaOut);

/** GET /api/anagrafiche/geocoding/?indirizzo=&cap=&citta=&prov= */
export const GeocodingQuery = z.object({
  indirizzo: z.string().max(300).optional(),
  cap: z.string().max(10).optional(),
  citta: z.string().max(120).optional(),
  prov: z.string().max(4).optional(),
});
export type GeocodingArgs = z.infer<typeof GeocodingQuery>;
export const GeocodingOut = z.object({ lat: z.number(), lng: z.number() });
export type Coordinate = z.infer<typeof GeocodingOut>;
