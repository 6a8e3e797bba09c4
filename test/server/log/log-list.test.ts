import { sql } from "drizzle-orm";
import { writeAudit } from "../../../server/lib/audit";
import { auth, describeEachDb } from "../helpers/app";

describeEachDb("log API", (ctx) => {
  let admin: { id: number; token: string };
  const get = (url: string, token = admin.token) => ctx().app.inject({ method: "GET", url, headers: auth(token) });
  const ids = async (q: string) =>
    (await get(`/api/log/list/?${q}`)).json().results.map((r: { note: string }) => r.note);

  beforeAll(async () => {
    admin = await ctx().createUser({ permissions: ["admin"], nome: "Giulia", cognome: "Verdi" });
    const db = ctx().database.db;
    const at = (iso: string) => ({ dati: {}, when: iso });
    const entries = [
      { azione: "Creazione", contentType: "contratto", objectId: 7, note: "c7-crea", ...at("2024-03-01T09:00:00Z") },
      {
        azione: "Modifica",
        contentType: "turno",
        objectId: 70,
        note: "t70-mod",
        related: [
          { content_type: "servizio", object_id: 3 },
          { content_type: "contratto", object_id: 7 },
        ],
        changeLog: ['Inizio: "08:00" → "09:00"'],
        ...at("2024-03-02T09:00:00Z"),
      },
      {
        azione: "Modifica",
        contentType: "contratto",
        objectId: 7,
        note: "c7-mod",
        changeLog: ['Titolo: "A" → "B"'],
        ...at("2024-03-03T09:00:00Z"),
      },
      { azione: "Creazione", contentType: "contratto", objectId: 8, note: "c8-crea", ...at("2024-03-04T09:00:00Z") },
      {
        azione: "Eliminazione",
        contentType: "operatore",
        objectId: 70,
        note: "=HYPERLINK(1)",
        ...at("2024-03-05T23:30:00Z"),
      },
    ];
    for (const e of entries) {
      await writeAudit(db, { ...e, utenteId: admin.id });
    }
    // writeAudit stamps now(): spread the entries over distinct days for the date filters
    // (the table refuses UPDATE, so insert the dated copies directly and mark the originals).
    await db.execute(sql`INSERT INTO log_entries (azione, data_ora, utente_id, note, content_type, object_id, related, dati)
      SELECT azione, ('2024-03-0' || (row_number() OVER (ORDER BY id))::text || ' 10:00')::timestamp AT TIME ZONE 'Europe/Rome',
             utente_id, note, content_type, object_id, related, dati
      FROM log_entries WHERE utente_id = ${admin.id} ORDER BY id`);
  });

  /** Only the dated copies (March 2024). */
  const MARCH = "data_ora_dal=2024-03-01&data_ora_al=2024-03-31";

  it("answers the SPEC §3 log entry shape", async () => {
    const res = await get(`/api/log/list/?content_type=contratto&object_id=7&${MARCH}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    expect(body.results[0]).toEqual({
      id: expect.any(Number),
      azione: "Modifica",
      data_ora: "2024-03-03 10:00:00",
      utente: { first_name: "Giulia", last_name: "Verdi" },
      note: "c7-mod",
      content_type: "contratto",
      object_id: "7",
      related: [],
      dati: { change_log: ['Titolo: "A" → "B"'] },
    });
  });

  it("filters by content_type, object_id, only_related and show_related", async () => {
    expect(await ids(`content_type=contratto&${MARCH}`)).toEqual(["c8-crea", "c7-mod", "c7-crea"]);
    expect(await ids(`content_type=contratto&object_id=7&only_related=true&${MARCH}`)).toEqual(["t70-mod"]);
    expect(await ids(`content_type=contratto&object_id=7&show_related=true&${MARCH}`)).toEqual([
      "c7-mod",
      "t70-mod",
      "c7-crea",
    ]);
    expect(await ids(`content_type=servizio&object_id=3&show_related=1&${MARCH}`)).toEqual(["t70-mod"]);
    expect(await ids(`object_id=70&${MARCH}`)).toEqual(["=HYPERLINK(1)", "t70-mod"]);
    expect(await ids(`azione=Creazione&${MARCH}&order_asc=true&order_field=data_ora`)).toEqual(["c7-crea", "c8-crea"]);
    expect(await ids("data_ora_dal=2024-03-02&data_ora_al=2024-03-03")).toEqual(["c7-mod", "t70-mod"]);
    expect(await ids(`global=HYPERLINK&${MARCH}`)).toEqual(["=HYPERLINK(1)"]);
  });

  it("refuses malformed log filters with 400 and no SQL", async () => {
    for (const q of [
      "content_type=contratto'%20OR%201=1",
      "object_id=1;DROP",
      "only_related=forse",
      "order_field=l.id",
    ]) {
      const res = await get(`/api/log/list/?${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe("Parametri della lista non validi");
      expect(res.body).not.toMatch(/SELECT|log_entries|DROP/i);
    }
  });

  it("groups entries by action", async () => {
    const res = (await get(`/api/log/list/?group_by=azione&${MARCH}`)).json();
    expect(res.results).toEqual([
      { azione: "Creazione", count: 2 },
      { azione: "Eliminazione", count: 1 },
      { azione: "Modifica", count: 2 },
    ]);
  });

  it("exports the log with neutralised cells and change-log lines", async () => {
    ctx().setNow(new Date("2024-03-10T08:05:00Z"));
    const res = await get(`/api/log/list/?file_type=csv&${MARCH}&object_id=70`);
    ctx().setNow(null);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="log-20240310-0905.csv"');
    const lines = res.rawPayload.toString("utf8").slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Azione;Data;Operatore;Note;Tipo;Oggetto;Changelog");
    expect(lines[1]).toBe("Eliminazione;05/03/2024 10:00:00;Giulia Verdi;'=HYPERLINK(1);operatore;70;");
    expect(lines[2]).toBe('Modifica;02/03/2024 10:00:00;Giulia Verdi;t70-mod;turno;70;"Inizio: ""08:00"" → ""09:00"""');
  });

  it("lists the content types present with Italian names", async () => {
    const res = await get("/api/log/content-types/");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      expect.arrayContaining([
        { id: "contratto", descrizione: "Contratto" },
        { id: "operatore", descrizione: "Operatore" },
        { id: "turno", descrizione: "Turno" },
      ]),
    );
  });

  it("is only for superadmin, admin and erp_admin (and records the refusal)", async () => {
    const clerk = await ctx().createUser({ permissions: ["erp_operatori"] });
    expect((await get("/api/log/list/", clerk.token)).statusCode).toBe(403);
    expect((await get("/api/log/content-types/", clerk.token)).statusCode).toBe(403);
    const refusals = (await get(`/api/log/list/?content_type=utente&object_id=${clerk.id}`)).json();
    expect(refusals.results.map((r: { azione: string }) => r.azione)).toContain("Accesso negato");
  });

  it("cannot change or delete an entry: the database refuses", async () => {
    const db = ctx().database.db;
    // PostgreSQL: the application role holds no UPDATE/DELETE; PGlite (one superuser): the trigger.
    await expect(
      db.execute(sql`UPDATE log_entries SET note = 'manomesso' WHERE note = 'c7-crea'`),
    ).rejects.toMatchObject({
      cause: expect.objectContaining({
        message: expect.stringMatching(
          ctx().kind === "postgres" ? /permission denied for table log_entries/ : /non può essere modificato/,
        ),
      }),
    });
    await expect(db.execute(sql`DELETE FROM log_entries WHERE note = 'c7-crea'`)).rejects.toThrow();
    expect(await ids(`content_type=contratto&object_id=7&${MARCH}&azione=Creazione`)).toEqual(["c7-crea"]);
  });
  it("keeps the related index without a pending list (fastupdate off), and the Log tab finds a new entry", async () => {
    // Every write adds an entry and every Log tab reads `related @>`: with GIN's fastupdate the new
    // entries waited in a pending list each read scanned (3 ms of a 3.4 ms statement after a few
    // thousand writes, server/bench/NOTES.md session 7); migration 0892 turns it off.
    const db = ctx().database.db;
    await writeAudit(db, {
      azione: "Modifica",
      contentType: "turno",
      objectId: 71,
      note: "t71-mod",
      related: [{ content_type: "servizio", object_id: 4 }],
      utenteId: admin.id,
    });
    // The application's role does not own the index (gin_clean_pending_list is the owner's): its options say it.
    const index = await db.execute(
      sql`SELECT coalesce(array_to_string(reloptions, ','), '') AS options FROM pg_class WHERE relname = 'log_entries_related_idx'`,
    );
    expect((index as unknown as { rows: { options: string }[] }).rows[0].options).toContain("fastupdate=off");
    expect(await ids("content_type=servizio&object_id=4&show_related=true")).toEqual(["t71-mod"]);
  });
});
