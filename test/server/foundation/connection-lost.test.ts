/**
 * A request whose database connection is lost (the backend terminated by an administrator, a
 * failover, a restart) answers 503 with Retry-After, not 500: the field apps and their outbox
 * retry a 503 (issue 30 item 13). The connection is killed for real with pg_terminate_backend
 * from a second connection, while the request's statement waits on a lock the test holds — so
 * the moment is known without timing anything.
 */
import { Client } from "pg";
import { withPartitaIvaCheckDigit } from "../../../src/domain/partita-iva";
import { auth, createTestApp, type TestApp } from "../helpers/app";
import { pgAppRole, testDbKinds } from "../setup/paths";

const pgDescribe = testDbKinds().includes("postgres") ? describe : describe.skip;

pgDescribe("a request whose database connection is killed [postgres]", () => {
  let t: TestApp;
  let admin: Client;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp("postgres");
    admin = new Client({ connectionString: t.database.superuserUrl });
    await admin.connect();
    token = (await t.createUser({ permissions: ["erp_clienti"] })).token;
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  /**
   * Holds `lockSql` in an open transaction of a second connection, sends the request, terminates
   * the server's backend once it waits on that lock, and answers what the client saw.
   */
  async function killedDuring(lockSql: string, request: () => Promise<{ statusCode: number }>) {
    const holder = new Client({ connectionString: t.database.superuserUrl });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query(lockSql);
      const pending = request();
      let killed = 0;
      while (killed === 0) {
        const r = await admin.query<{ ok: boolean }>(
          `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
            WHERE datname = current_database() AND usename = $1 AND wait_event_type = 'Lock'`,
          [pgAppRole()],
        );
        killed = r.rows.filter((x) => x.ok).length;
        if (killed === 0) await new Promise((res) => setTimeout(res, 20));
      }
      return await pending;
    } finally {
      await holder.query("ROLLBACK");
      await holder.end();
    }
  }

  const expectRetryLater = (res: {
    statusCode: number;
    headers: Record<string, unknown>;
    json: () => Record<string, unknown>;
  }) => {
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(res.json()).toEqual({ detail: "Servizio momentaneamente non disponibile. Riprova tra poco." });
  };

  it("a read answers 503 with Retry-After, and the next request is served", async () => {
    const res = await killedDuring("LOCK TABLE clienti IN ACCESS EXCLUSIVE MODE", () =>
      t.app.inject({ method: "GET", url: "/api/anagrafiche/clienti/", headers: auth(token) }),
    );
    expectRetryLater(res as never);
    const again = await t.app.inject({ method: "GET", url: "/api/anagrafiche/clienti/", headers: auth(token) });
    expect(again.statusCode).toBe(200);
  });

  it("a write inside its transaction answers 503 with Retry-After and keeps nothing; its retry is kept", async () => {
    const p = withPartitaIvaCheckDigit("0004321146");
    const create = () =>
      t.app.inject({
        method: "POST",
        url: "/api/anagrafiche/clienti/",
        headers: auth(token),
        payload: { data: { ragione_sociale: "Riprova S.r.l.", partita_iva: p, codice_fiscale: p } },
      });
    // The audit entry waits on the chain's head, locked here: the client row is already written.
    const res = await killedDuring("SELECT * FROM log_chain FOR UPDATE", create);
    expectRetryLater(res as never);
    const rows = await admin.query("SELECT id FROM clienti WHERE ragione_sociale = 'Riprova S.r.l.'");
    expect(rows.rowCount).toBe(0);
    const retry = await create();
    expect(retry.statusCode).toBe(201);
  });
});
