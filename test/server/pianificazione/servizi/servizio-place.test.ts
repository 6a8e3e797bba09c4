/**
 * A service created or moved through the API gets its coordinates (issue 15 item 1): its address
 * geocoded, else the client's site, else the client — so ranking operators by distance works for
 * what a planner creates, not only for the seeded services.
 */
import { sql } from "drizzle-orm";
import { queryOne } from "../../../../server/db/query";
import { auth, describeEachDb } from "../../helpers/app";
import { type GeocodingServer, startGeocodingServer } from "../../helpers/geocoding-server";
import { createCliente } from "../fixtures";

const BASE = "/api/pianificazione/contratti";

describeEachDb("pianificazione: where a service takes place", (ctx) => {
  let geo: GeocodingServer;
  let token: string;
  let contrattoId: number;
  let clienteId: number;

  beforeAll(async () => {
    geo = await startGeocodingServer();
    token = (await ctx().createUser({ permissions: ["erp_contratti"] })).token;
    clienteId = await createCliente(ctx().database.db, "Grandi Magazzini Lombardi S.r.l.");
    await ctx().database.db.execute(
      sql`INSERT INTO clienti_sedi (cliente_id, descrizione, indirizzo, citta, lat, lng)
          VALUES (${clienteId}, 'Magazzino', 'Via Po 1', 'Lodi', 45.31, 9.50),
                 (${clienteId}, 'Sede centrale', 'Corso Como 3', 'Milano', 45.48, 9.19)`,
    );
    contrattoId = (
      await ctx().app.inject({
        method: "POST",
        url: `${BASE}/`,
        headers: auth(token),
        payload: { data: { titolo: "Vigilanza magazzini", cliente: clienteId, sede: "Sede centrale" } },
      })
    ).json().id;
  });
  afterAll(async () => {
    ctx().app.config.geocodingUrl = undefined;
    ctx().app.config.geocodingKey = undefined;
    await geo.close();
  });

  const req = (method: "POST" | "PUT", url: string, data: unknown) =>
    ctx().app.inject({ method, url, headers: auth(token), payload: { data } });
  const stored = async (id: number) =>
    queryOne<{ lat: number | null; lng: number | null }>(
      ctx().database.db,
      sql`SELECT lat, lng FROM servizi WHERE id = ${id}`,
    );
  const servizio = { dal: "2026-05-04", al: "2026-05-10", turni: [] };

  it("geocodes the address of a new service: the street, then the place after the comma", async () => {
    ctx().app.config.geocodingUrl = geo.url;
    ctx().app.config.geocodingKey = geo.key;
    const res = await req("POST", `${BASE}/${contrattoId}/servizi/`, {
      ...servizio,
      indirizzo: "Via Dante 12, 20121 Milano",
    });
    expect(res.statusCode).toBe(201);
    const point = geo.pointFor("Via Dante 12, 20121 Milano, Italia");
    expect(res.json()).toMatchObject(point);
    expect(await stored(res.json().id)).toEqual(point);
  });

  it("moving a service geocodes its new address; other changes keep its point", async () => {
    ctx().app.config.geocodingUrl = geo.url;
    ctx().app.config.geocodingKey = geo.key;
    const s = (await req("POST", `${BASE}/${contrattoId}/servizi/`, { ...servizio, indirizzo: "Via Roma 1" })).json();
    // Without a comma the place is the client's city.
    expect(s).toMatchObject(geo.pointFor("Via Roma 1, Milano MI, Italia"));
    const moved = await req("PUT", `${BASE}/${contrattoId}/servizi/${s.id}/`, { indirizzo: "Piazza Duomo 1, Milano" });
    expect(moved.statusCode).toBe(200);
    expect(await stored(s.id)).toEqual(geo.pointFor("Piazza Duomo 1, Milano, Italia"));
    const requests = geo.requests.length;
    await req("PUT", `${BASE}/${contrattoId}/servizi/${s.id}/`, { descrizione: "Presidio notturno" });
    expect(geo.requests.length).toBe(requests);
    expect(await stored(s.id)).toEqual(geo.pointFor("Piazza Duomo 1, Milano, Italia"));
  });

  it("without a geocoder (or when it finds nothing) takes the client's site named by the contract", async () => {
    ctx().app.config.geocodingUrl = undefined;
    ctx().app.config.geocodingKey = undefined;
    const s = (await req("POST", `${BASE}/${contrattoId}/servizi/`, { ...servizio, indirizzo: "Via Verdi 3" })).json();
    expect(s).toMatchObject({ lat: 45.48, lng: 9.19 });
    ctx().app.config.geocodingUrl = geo.url;
    ctx().app.config.geocodingKey = geo.key;
    const nowhere = await req("PUT", `${BASE}/${contrattoId}/servizi/${s.id}/`, {
      indirizzo: "Via NESSUNRISULTATO, Milano",
    });
    expect(nowhere.statusCode).toBe(200);
    expect(await stored(s.id)).toEqual({ lat: 45.48, lng: 9.19 });
  });

  it("keeps the coordinates a caller sends", async () => {
    const res = await req("POST", `${BASE}/${contrattoId}/servizi/`, {
      ...servizio,
      indirizzo: "Via Dante 12, Milano",
      lat: 45.1,
      lng: 9.1,
    });
    expect(await stored(res.json().id)).toEqual({ lat: 45.1, lng: 9.1 });
  });
});
