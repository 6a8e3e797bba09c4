/**
 * The unavailability periods' dal/al: impossible days and times are refused (400 with an Italian
 * field error) like every other date field; a day without a time is Europe/Rome midnight — 'dal'
 * the start of that day, 'al' its end (midnight of the next day) —, across the clock changes too;
 * a wall-clock time is Rome time; an instant with its offset is kept as it is.
 */
import { sql } from "drizzle-orm";
import { queryOne } from "../../../../server/db/query";
import { auth, describeEachDb } from "../../helpers/app";
import { ADMIN, createOperatore, person } from "./fixtures";

describeEachDb("operatori: indisponibilità dates", (ctx) => {
  let base = "";
  let token = "";

  beforeAll(async () => {
    ({ token } = await ctx().createUser({ permissions: ADMIN }));
    base = `/api/anagrafiche/operatori/${(await createOperatore(ctx(), token, person())).id}/indisponibilita/`;
  });

  const post = (data: object) =>
    ctx().app.inject({ method: "POST", url: base, headers: auth(token), payload: { data } });
  const put = (itemId: number, data: object) =>
    ctx().app.inject({ method: "PUT", url: `${base}${itemId}/`, headers: auth(token), payload: { data } });
  const count = async () =>
    (await queryOne<{ n: number }>(ctx().database.db, sql`SELECT count(*)::int AS n FROM operatori_indisponibilita`))!
      .n;
  /** dal/al as stored, read back in UTC so the assertion does not depend on any time zone. */
  const stored = (itemId: number) =>
    queryOne<{ dal: string; al: string }>(
      ctx().database.db,
      sql`SELECT to_char(dal AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS dal,
                 to_char(al AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS al
          FROM operatori_indisponibilita WHERE id = ${itemId}`,
    );

  it.each([
    ["a day that does not exist", { dal: "2026-02-30T10:00", al: "2026-03-05T10:00" }, "dal"],
    ["29 February of a common year", { dal: "2026-02-20", al: "2026-02-29" }, "al"],
    ["an hour that does not exist", { dal: "2026-03-10T24:30", al: "2026-03-11T10:00" }, "dal"],
    ["minutes that do not exist", { dal: "2026-03-10T10:00", al: "2026-03-11T10:61" }, "al"],
    ["an impossible day with an offset", { dal: "2026-04-31T10:00:00Z", al: "2026-05-05T10:00:00Z" }, "dal"],
    ["something else", { dal: "domani", al: "2026-05-05" }, "dal"],
  ])("refuses %s with 400 and an Italian error on the field, writing nothing", async (_label, data, field) => {
    const before = await count();
    const res = await post({ ...data, motivo: "Ferie" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: "Data non valida" });
    expect(res.json().detail).toMatch(/^Si è verificato un errore di validazione/);
    expect(await count()).toBe(before);
  });

  it("refuses an impossible day on a PUT too, leaving the period as it was", async () => {
    const created = await post({ dal: "2026-06-01T08:00", al: "2026-06-02T20:00" });
    expect(created.statusCode).toBe(201);
    const itemId = created.json().id as number;
    const res = await put(itemId, { al: "2026-06-31T10:00" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ al: "Data non valida" });
    expect(await stored(itemId)).toEqual({ dal: "2026-06-01T06:00:00", al: "2026-06-02T18:00:00" });
  });

  it.each([
    // winter: Rome is UTC+1
    ["in winter", "2026-02-10", "2026-02-12", "2026-02-09T23:00:00", "2026-02-12T23:00:00"],
    // 29 March 2026 is the day summer time starts: it begins at UTC+1 and ends at UTC+2 (23 hours)
    ["on the day summer time starts", "2026-03-29", "2026-03-29", "2026-03-28T23:00:00", "2026-03-29T22:00:00"],
    // 25 October 2026 is the day summer time ends: it begins at UTC+2 and ends at UTC+1 (25 hours)
    ["on the day summer time ends", "2026-10-25", "2026-10-25", "2026-10-24T22:00:00", "2026-10-25T23:00:00"],
    ["in summer", "2026-07-01", "2026-07-31", "2026-06-30T22:00:00", "2026-07-31T22:00:00"],
    ["on 29 February of a leap year", "2028-02-29", "2028-02-29", "2028-02-28T23:00:00", "2028-02-29T23:00:00"],
  ])(
    "takes a date without a time %s as the Rome days from the start of 'dal' to the end of 'al'",
    async (_l, dal, al, dalUtc, alUtc) => {
      const res = await post({ dal, al, motivo: "Ferie" });
      expect(res.statusCode).toBe(201);
      expect(await stored(res.json().id)).toEqual({ dal: dalUtc, al: alUtc });
      expect(res.json()).toMatchObject({ dal: `${dalUtc}.000Z`, al: `${alUtc}.000Z` });
    },
  );

  it("takes a time without an offset as Rome time, across the clock change", async () => {
    const res = await post({ dal: "2026-03-28T22:00", al: "2026-03-29T06:30:00" });
    expect(res.statusCode).toBe(201);
    expect(await stored(res.json().id)).toEqual({ dal: "2026-03-28T21:00:00", al: "2026-03-29T04:30:00" });
  });

  it("round-trips a valid instant, on POST, GET and PUT", async () => {
    const created = await post({ dal: "2026-08-01T06:00:00.000Z", al: "2026-08-15T20:00:00+02:00", motivo: "Ferie" });
    expect(created.statusCode).toBe(201);
    const itemId = created.json().id as number;
    expect(created.json()).toMatchObject({ dal: "2026-08-01T06:00:00.000Z", al: "2026-08-15T18:00:00.000Z" });

    const list = await ctx().app.inject({ method: "GET", url: base, headers: auth(token) });
    expect(list.json().find((i: { id: number }) => i.id === itemId)).toEqual({
      id: itemId,
      dal: "2026-08-01T06:00:00.000Z",
      al: "2026-08-15T18:00:00.000Z",
      motivo: "Ferie",
      note: "",
    });

    // What the answer holds can be sent back as it is.
    const again = await put(itemId, { dal: created.json().dal, al: created.json().al });
    expect(again.statusCode).toBe(200);
    expect(await stored(itemId)).toEqual({ dal: "2026-08-01T06:00:00", al: "2026-08-15T18:00:00" });
  });

  it("refuses an end that is not after the start, the end of a date-only 'al' included", async () => {
    const res = await post({ dal: "2026-05-10T08:00", al: "2026-05-09" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ al: "La fine deve essere successiva all'inizio" });
    // The same day as a whole is a valid period.
    expect((await post({ dal: "2026-05-10", al: "2026-05-10" })).statusCode).toBe(201);
  });
});
