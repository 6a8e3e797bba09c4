/**
 * A NUL character (U+0000) is refused with 400 and an Italian message wherever a request carries
 * text — every list's global search and text filters, the JSON body of every POST/PUT/PATCH route
 * (a NUL in every string the body's schema has), the login and password-reset usernames, a path
 * parameter, a multipart field — never a 500 from PostgreSQL (22021 / 22P05), and nothing is
 * written. The routes are the server's own, seen as it registers them.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../../server/db/client";
import { queryOne, queryRows } from "../../../server/db/query";
import { issueAppToken } from "../../../server/lib/app-tokens";
import { issueCmsAppToken } from "../../../server/lib/cms-app-tokens";
import type { List } from "../../../server/lib/list/types";
import { CARATTERE_NUL_NON_AMMESSO } from "../../../src/domain/nul-char";
import { multipartBody } from "../anagrafiche/operatori/multipart";
import { auth, describeEachDb } from "../helpers/app";
import { apiRoutes, recordRoutes } from "../helpers/routes";
import { createCliente } from "../pianificazione/fixtures";

const NUL = "Prova\u0000";
const VALIDATION = "Si è verificato un errore di validazione. Controlla i campi contrassegnati e riprova";
const QUERY = "Parametri della richiesta non validi";

/** A value shaped like `schema` with NUL in each of its strings (the first option of a union). */
function nulValue(schema: unknown): unknown {
  if (schema instanceof z.ZodObject)
    return Object.fromEntries(Object.entries(schema.shape).map(([k, s]) => [k, nulValue(s)]));
  if (schema instanceof z.ZodPipe) {
    const out = nulValue(schema.def.out);
    return typeof out === "object" ? out : nulValue(schema.def.in);
  }
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault
  )
    return nulValue(schema.unwrap());
  if (schema instanceof z.ZodArray) return [nulValue(schema.element)];
  if (schema instanceof z.ZodUnion) return nulValue(schema.options[0]);
  return NUL;
}

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, "1");

/** Tables a request changes without writing what it sent: the token's last use, the attempt counters. */
const SKIP_TABLES = new Set(["auth_tokens", "app_tokens", "rate_limits"]);

/** Every table's rows, hashed: what "nothing was written" compares. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await queryRows<{ t: string }>(
    db,
    sql`SELECT table_name AS t FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const out: Record<string, string> = {};
  for (const { t } of tables) {
    if (SKIP_TABLES.has(t)) continue;
    const row = await queryOne<{ h: string }>(
      db,
      sql`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${sql.identifier(t)} x`,
    );
    out[t] = row!.h;
  }
  return out;
}

const routes = recordRoutes();

describeEachDb("a NUL character is refused with 400, everywhere", (ctx) => {
  let token = "";
  /** The guards' app routes ("app" permissions) take an app token (server/lib/app-tokens.ts). */
  let appToken = "";
  /** The CMS counting app's routes ("app-cms") take its own token (server/lib/cms-app-tokens.ts). */
  let cmsAppToken = "";
  let before: Record<string, string> = {};
  let servizioUrl = "";

  beforeAll(async () => {
    ({ token } = await ctx().createUser({ permissions: ["superadmin"] }));
    // A few rows, so that a write that slipped through would show.
    const db = ctx().database.db;
    const cliente = await createCliente(db);
    const contratto = await ctx().app.inject({
      method: "POST",
      url: "/api/pianificazione/contratti/",
      headers: auth(token),
      payload: { data: { titolo: "Fiera", cliente } },
    });
    const base = `/api/pianificazione/contratti/${contratto.json().id}/servizi/`;
    const servizio = await ctx().app.inject({
      method: "POST",
      url: base,
      headers: auth(token),
      payload: { data: { dal: "2025-09-01", al: "2025-09-01" } },
    });
    servizioUrl = `${base}${servizio.json().id}/`;
    const guardia = await queryOne<{ id: number }>(
      db,
      sql`INSERT INTO operatori (nome, cognome, applicazione) VALUES ('Giuseppe', 'Russo', true) RETURNING id`,
    );
    appToken = await issueAppToken(db, guardia!.id, ctx().app.config, new Date(), null);
    const cms = await queryOne<{ u: number; e: number }>(
      db,
      sql`WITH u AS (INSERT INTO cms_utenti (first_name, last_name, tipologia_id, codice_accesso)
                     VALUES ('Paolo', 'Conti', 'O', 'NULTEST1') RETURNING id),
               e AS (INSERT INTO cms_eventi (titolo, data_inizio, data_fine)
                     VALUES ('Concerto', now(), now() + interval '3 hours') RETURNING id)
          SELECT (SELECT id FROM u) AS u, (SELECT id FROM e) AS e`,
    );
    cmsAppToken = await issueCmsAppToken(db, cms!.u, cms!.e, new Date(Date.now() + 86_400_000), new Date(), null);
    before = await fingerprint(db);
  });

  const tokenOf = () => token;
  const send = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx().app.inject({
      method: method as "GET",
      url,
      headers: { ...auth(token), ...headers },
      ...(payload === undefined ? {} : { payload: payload as never }),
    });

  const refused = (res: { statusCode: number; json(): unknown }) => {
    const body = res.json() as { detail?: string; errors?: Record<string, string> };
    return { status: res.statusCode, detail: body.detail, messages: Object.values(body.errors ?? {}) };
  };

  it("in the global search and in a text filter of every list", async () => {
    const lists = apiRoutes(routes).filter((r) => r.method === "GET" && r.config.list);
    expect(lists.length).toBeGreaterThanOrEqual(8);
    const seen: unknown[] = [];
    for (const r of lists) {
      const list = r.config.list as List;
      const textFilter = Object.entries(list.fields).find(([, f]) => f.filter === "contains" || f.filter === "starts");
      const params = [["global", NUL], ...(textFilter ? [[textFilter[1].param ?? textFilter[0], NUL]] : [])];
      for (const [name, value] of params) {
        const res = await send("GET", `${concrete(r.url)}?${name}=${encodeURIComponent(value)}`);
        seen.push({ url: r.url, name, ...refused(res), errors: res.json().errors });
      }
    }
    for (const s of seen)
      expect(s).toMatchObject({
        status: 400,
        detail: QUERY,
        messages: [CARATTERE_NUL_NON_AMMESSO],
      });
    // And in an export of the same list.
    const res = await send("GET", `/api/anagrafiche/clienti/?file_type=csv&global=${encodeURIComponent(NUL)}`);
    expect(refused(res)).toEqual({ status: 400, detail: QUERY, messages: [CARATTERE_NUL_NON_AMMESSO] });
  });

  it("in the JSON body of every route that takes one", async () => {
    const writes = apiRoutes(routes).filter((r) => ["POST", "PUT", "PATCH"].includes(r.method));
    expect(writes.length).toBeGreaterThan(40);
    const results = [];
    for (const r of writes) {
      // A route without a body schema (multipart uploads, actions) gets a body with a NUL all the same.
      const body = r.schema.body ? nulValue(r.schema.body) : { data: { nota: NUL } };
      const res = await send(
        r.method,
        concrete(r.url),
        body,
        r.config.permissions === "app" ? auth(appToken) : r.config.permissions === "app-cms" ? auth(cmsAppToken) : {},
      );
      results.push({ route: `${r.method} ${r.url}`, ...refused(res) });
    }
    expect(results.filter((x) => x.status !== 400 || x.detail !== VALIDATION)).toEqual([]);
    expect(results.filter((x) => x.messages.join() !== CARATTERE_NUL_NON_AMMESSO)).toEqual([]);
  });

  it("names the field that holds it, a key too", async () => {
    const res = await send("PUT", "/api/pianificazione/contratti/1/", { data: { titolo: "Fiera", annotazioni: NUL } });
    expect(res.json()).toEqual({ detail: VALIDATION, errors: { annotazioni: CARATTERE_NUL_NON_AMMESSO } });
    const key = await send("PUT", "/api/pianificazione/contratti/1/", { data: { [NUL]: "x" } });
    expect(key.json()).toEqual({ detail: VALIDATION, errors: { non_field_errors: CARATTERE_NUL_NON_AMMESSO } });
    const deep = await send("PUT", "/api/pianificazione/profili-regole", {
      data: { profili: [{ codice: "DLGS_66_2003", fonte: NUL }] },
    });
    expect(deep.json()).toEqual({ detail: VALIDATION, errors: { "profili.0.fonte": CARATTERE_NUL_NON_AMMESSO } });
  });

  it("in the login and password-reset usernames, without a token", async () => {
    for (const [url, payload] of [
      ["/api/auth/login/", { username: `admin${NUL}`, password: "Sentinella-Notturna-42" }],
      ["/api/auth/reset-password/", { username: `admin${NUL}`, redirect_url: "http://erp.test/app/reset-password" }],
      ["/api/auth/reset-password/verify-code/", { uid: 1, token: NUL, code: "123456" }],
    ] as const) {
      const res = await ctx().app.inject({ method: "POST", url, payload });
      const field = "username" in payload ? "username" : "token";
      expect({ url, ...(res.json() as object) }).toEqual({
        url,
        detail: VALIDATION,
        errors: { [field]: CARATTERE_NUL_NON_AMMESSO },
      });
    }
  });

  it("in a path parameter", async () => {
    for (const url of [
      "/api/anagrafiche/files/%00/",
      "/api/anagrafiche/operatori/%00/",
      "/api/pianificazione/contratti/1%00/",
    ]) {
      const res = await send("GET", url);
      expect({ url, ...refused(res) }).toEqual({
        url,
        status: 400,
        detail: QUERY,
        messages: [CARATTERE_NUL_NON_AMMESSO],
      });
    }
  });

  it("in the multipart fields of the three uploads", async () => {
    const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");
    const file = { name: "piano.pdf", data: PDF };
    for (const [url, fields, field, token] of [
      [`${servizioUrl}allegati/`, { descrizione: NUL }, "descrizione", true],
      ["/api/anagrafiche/operatori/1/files/", { categoria: "curriculum", note: NUL }, "note", true],
      ["/api/anagrafiche/candidature/", { nome: NUL, cognome: "Rossi", privacy: "true" }, "nome", false],
    ] as const) {
      // The public form takes its file as `cv`: it goes without one.
      const body = multipartBody(fields, token ? file : undefined);
      const res = await ctx().app.inject({
        method: "POST",
        url,
        headers: { ...(token ? auth(tokenOf()) : {}), ...body.headers },
        payload: body.payload,
      });
      expect({ url, ...(res.json() as object) }).toEqual({
        url,
        detail: VALIDATION,
        errors: { [field]: CARATTERE_NUL_NON_AMMESSO },
      });
    }
  });

  it("wrote nothing of what these requests sent (runs last)", async () => {
    expect(await fingerprint(ctx().database.db)).toEqual(before);
  });
});
