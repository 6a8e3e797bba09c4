import { sql } from "drizzle-orm";
import { queryOne } from "../../../../server/db/query";
import { GEOCODING_MESSAGES, geocode } from "../../../../server/lib/geocoding";
import { auth, describeEachDb } from "../../helpers/app";
import { type GeocodingServer, startGeocodingServer } from "../../helpers/geocoding-server";
import { MARIO } from "../operatori/fixtures";

describe("geocoding against a local Google-compatible server", () => {
  let server: GeocodingServer;
  beforeAll(async () => {
    server = await startGeocodingServer({ slowMs: 2000 });
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers the location of an OK result and sends address and key", async () => {
    const config = { geocodingUrl: server.url, geocodingKey: server.key };
    const p = await geocode(config, { indirizzo: "Via Dante 12", cap: "20121", citta: "Milano", prov: "mi" });
    const sent = server.requests.at(-1);
    expect(sent).toEqual({ address: "Via Dante 12, 20121 Milano MI, Italia", key: server.key });
    expect(p).toEqual(server.pointFor("Via Dante 12, 20121 Milano MI, Italia"));
  });

  it("maps a timeout, an HTTP error and a refused key to 502 with the SPEC message", async () => {
    const config = { geocodingUrl: server.url, geocodingKey: server.key };
    await expect(
      geocode(config, { indirizzo: "Via LENTO 1", citta: "Milano" }, { timeoutMs: 200 }),
    ).rejects.toMatchObject({
      statusCode: 502,
      detail: "Si è verificato un problema durante la ricerca",
    });
    await expect(geocode(config, { indirizzo: "Via ERRORE500 1", citta: "Milano" })).rejects.toMatchObject({
      statusCode: 502,
    });
    await expect(
      geocode({ ...config, geocodingKey: "sbagliata" }, { indirizzo: "Via Roma 1", citta: "Milano" }),
    ).rejects.toMatchObject({ statusCode: 502, detail: GEOCODING_MESSAGES.problem });
    // nothing listening
    await expect(
      geocode(
        { geocodingUrl: "http://127.0.0.1:9/geocode/json", geocodingKey: "k" },
        { indirizzo: "Via Roma 1", cap: "00100" },
      ),
    ).rejects.toMatchObject({ statusCode: 502 });
  });
});

describeEachDb("anagrafiche/geocoding route and client saves", (ctx) => {
  let server: GeocodingServer;
  let token: string;
  const get = (url: string) => ctx().app.inject({ method: "GET", url, headers: auth(token) });

  beforeAll(async () => {
    server = await startGeocodingServer();
    ctx().app.config.geocodingUrl = server.url;
    ctx().app.config.geocodingKey = server.key;
    token = (await ctx().createUser({ permissions: ["erp_clienti"] })).token;
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers {lat, lng} for a found address", async () => {
    const res = await get("/api/anagrafiche/geocoding/?indirizzo=Via%20Dante%2012&cap=20121&citta=Milano&prov=MI");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(server.pointFor("Via Dante 12, 20121 Milano MI, Italia"));
  });

  it("answers the SPEC §8 messages: ZERO_RESULTS → 400, other statuses → 502", async () => {
    const zero = await get("/api/anagrafiche/geocoding/?indirizzo=Via%20NESSUNRISULTATO&citta=Milano");
    expect(zero.statusCode).toBe(400);
    expect(zero.json().detail).toBe("Non ho trovato risultati per questa ricerca");
    const quota = await get("/api/anagrafiche/geocoding/?indirizzo=Via%20QUOTA&citta=Milano");
    expect(quota.statusCode).toBe(502);
    expect(quota.json().detail).toBe("Si è verificato un problema durante la ricerca");
  });

  it("stores the coordinates of an operator's home address, and drops them when the address moves out of reach", async () => {
    const admin = (await ctx().createUser({ permissions: ["erp_admin"] })).token;
    const created = await ctx().app.inject({
      method: "POST",
      url: "/api/anagrafiche/operatori/",
      headers: auth(admin),
      payload: { data: { ...MARIO } },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const where = async () =>
      queryOne<{ lat: number | null; lng: number | null }>(
        ctx().database.db,
        sql`SELECT lat, lng FROM operatori WHERE id = ${id}`,
      );
    expect(await where()).toEqual(server.pointFor("Via Appia Nuova, 00183 Roma RM, Italia"));
    const moved = await ctx().app.inject({
      method: "PUT",
      url: `/api/anagrafiche/operatori/${id}/`,
      headers: auth(admin),
      payload: { data: { indirizzo: "Via NESSUNRISULTATO" } },
    });
    expect(moved.statusCode).toBe(200);
    expect(await where()).toEqual({ lat: null, lng: null });
  });

  it("requires the address and the city or CAP", async () => {
    const res = await get("/api/anagrafiche/geocoding/?prov=MI");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ indirizzo: "Indica l'indirizzo", citta: "Indica la città o il CAP" });
    expect((await get("/api/anagrafiche/geocoding/?indirizzo=Via%20Roma%201&cap=20100")).statusCode).toBe(200);
  });

  it("needs an anagrafiche permission", async () => {
    const other = (await ctx().createUser({ permissions: ["erp_dashboard"] })).token;
    const res = await ctx().app.inject({
      method: "GET",
      url: "/api/anagrafiche/geocoding/?indirizzo=Via%20Roma%201&citta=Roma",
      headers: auth(other),
    });
    expect(res.statusCode).toBe(403);
  });

  it("stores the coordinates when a client is saved, and saves with a warning when the search fails", async () => {
    const ok = await ctx().app.inject({
      method: "POST",
      url: "/api/anagrafiche/clienti/",
      headers: auth(token),
      payload: {
        data: {
          ragione_sociale: "Interporto Bologna",
          indirizzo: "Via Ferrarese 5",
          cap: "40128",
          citta: "Bologna",
          prov: "BO",
        },
      },
    });
    expect(ok.statusCode).toBe(201);
    const point = server.pointFor("Via Ferrarese 5, 40128 Bologna BO, Italia");
    expect(ok.json()).toMatchObject({ lat: point.lat, lng: point.lng, warnings: [] });
    const row = await queryOne<{ lat: number; lng: number }>(
      ctx().database.db,
      sql`SELECT lat, lng FROM clienti WHERE id = ${ok.json().id}`,
    );
    expect(row).toEqual(point);

    // the address changes to one the geocoder cannot find: saved, old coordinates dropped, warning
    const moved = await ctx().app.inject({
      method: "PUT",
      url: `/api/anagrafiche/clienti/${ok.json().id}/`,
      headers: auth(token),
      payload: { data: { indirizzo: "Via NESSUNRISULTATO 1" } },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ indirizzo: "Via NESSUNRISULTATO 1", lat: null, lng: null });
    expect(moved.json().warnings).toEqual([
      "Sede legale: coordinate non aggiornate (Non ho trovato risultati per questa ricerca)",
    ]);

    // coordinates sent by the form win over the geocoder
    const manual = await ctx().app.inject({
      method: "PUT",
      url: `/api/anagrafiche/clienti/${ok.json().id}/`,
      headers: auth(token),
      payload: { data: { indirizzo: "Via QUOTA 2", lat: 44.5, lng: 11.3 } },
    });
    expect(manual.json()).toMatchObject({ lat: 44.5, lng: 11.3, warnings: [] });

    // a site is geocoded too
    const sede = await ctx().app.inject({
      method: "POST",
      url: `/api/anagrafiche/clienti/${ok.json().id}/sedi/`,
      headers: auth(token),
      payload: { data: { descrizione: "Magazzino 3", indirizzo: "Via QUOTA 9", citta: "Bologna" } },
    });
    expect(sede.statusCode).toBe(201);
    expect(sede.json().warnings).toEqual([
      "Sede Magazzino 3: coordinate non aggiornate (Si è verificato un problema durante la ricerca)",
    ]);
  });

  it("answers 503 with a clear message when geocoding is not configured", async () => {
    const url = ctx().app.config.geocodingUrl;
    ctx().app.config.geocodingUrl = undefined;
    try {
      const res = await get("/api/anagrafiche/geocoding/?indirizzo=Via%20Roma%201&citta=Roma");
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toBe("La ricerca dell'indirizzo non è attiva: chiedi all'amministratore");
      // saving still works, silently without coordinates
      const saved = await ctx().app.inject({
        method: "POST",
        url: "/api/anagrafiche/clienti/",
        headers: auth(token),
        payload: { data: { ragione_sociale: "Senza geo", indirizzo: "Via Roma 1", citta: "Roma" } },
      });
      expect(saved.json()).toMatchObject({ lat: null, lng: null, warnings: [] });
    } finally {
      ctx().app.config.geocodingUrl = url;
    }
  });
});
