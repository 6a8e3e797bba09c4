/** Provinces (loaded once at start, SPEC §7) and the geocoding of an address. */
import type { ProvinciaApi } from "../../domain/province";
import { api } from "../base";

export interface GeocodingArgs {
  indirizzo?: string;
  cap?: string;
  citta?: string;
  prov?: string;
}

export const provinceApi = api.injectEndpoints({
  endpoints: (build) => ({
    province: build.query<ProvinciaApi[], void>({
      query: () => "anagrafiche/province/",
      keepUnusedDataFor: 24 * 3600,
    }),
    geocode: build.query<{ lat: number; lng: number }, GeocodingArgs>({
      query: (args) => ({
        url: "anagrafiche/geocoding/",
        params: Object.fromEntries(Object.entries(args).filter(([, v]) => v)),
      }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useProvinceQuery, useLazyGeocodeQuery } = provinceApi;
