/**
 * /api/app/cms/eventi/ (issue 33, steward mode): a steward linked to two events whose counting
 * windows are both open gets both to choose from, then signs in to the one chosen; the event's
 * thresholds come with its total (the app's colours). A wrong code is refused as at sign-in.
 */
import { auth, describeEachDb } from "../helpers/app";

const START = new Date("2026-07-10T17:00:00Z");
const END = new Date("2026-07-10T21:30:00Z");

describeEachDb("cms: eventi da scegliere nell'app", (ctx) => {
  let staff: string;
  let addetto: { id: number; codice_accesso: string };
  const eventi: number[] = [];
  const post = (url: string, payload: object, t?: string) =>
    ctx().app.inject({ method: "POST", url, headers: t ? auth(t) : {}, payload });

  beforeAll(async () => {
    staff = (await ctx().createUser({ permissions: ["cms_admin"] })).token;
    addetto = (
      await post(
        "/api/cms/utenti/",
        { data: { first_name: "Paolo", last_name: "Conti", cellulare: "3330000000", tipologia: "O" } },
        staff,
      )
    ).json();
    for (const [titolo, soglia_attenzione] of [
      ["Concerto", 70],
      ["Fiera", 80],
    ] as const) {
      const e = await post(
        "/api/cms/eventi/",
        {
          data: {
            titolo,
            descrizione: titolo,
            indirizzo: "Piazza Grande",
            citta: "Modena",
            prov: "MO",
            data_inizio: START.toISOString(),
            data_fine: END.toISOString(),
            soglia_attenzione,
            soglia_massima: 90,
            contatore: true,
            abilitato: true,
            addetti: [addetto.id],
          },
        },
        staff,
      );
      expect(e.statusCode).toBe(201);
      eventi.push(e.json().id);
    }
  });
  afterAll(() => ctx().setNow(null));

  it("lists both open events, then signs in to the chosen one with its thresholds", async () => {
    ctx().setNow(new Date(START.getTime() + 10 * 60_000));
    const login = await post("/api/app/cms/login/", { codice_accesso: addetto.codice_accesso });
    expect([login.statusCode, login.json().detail]).toEqual([400, "Sei collegato a più eventi in corso: indica quale"]);
    const list = await post("/api/app/cms/eventi/", { codice_accesso: addetto.codice_accesso.toLowerCase() });
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((e: { id: number; titolo: string }) => [e.id, e.titolo])).toEqual([
      [eventi[0], "Concerto"],
      [eventi[1], "Fiera"],
    ]);
    const chosen = await post("/api/app/cms/login/", { codice_accesso: addetto.codice_accesso, evento_id: eventi[1] });
    expect(chosen.statusCode).toBe(200);
    const evento = await ctx().app.inject({
      method: "GET",
      url: "/api/app/cms/evento/",
      headers: auth(chosen.json().token),
    });
    expect(evento.json()).toMatchObject({ id: eventi[1], titolo: "Fiera", soglia_attenzione: 80, soglia_massima: 90 });
  });

  it("refuses a wrong code as the sign-in does, and lists nothing outside the window", async () => {
    ctx().setNow(new Date(START.getTime() + 10 * 60_000));
    const wrong = await post("/api/app/cms/eventi/", { codice_accesso: "ZZZZZZZZ" });
    expect([wrong.statusCode, wrong.json().detail]).toEqual([400, "Codice di accesso non valido"]);
    ctx().setNow(new Date(END.getTime() + 3 * 3600_000));
    expect((await post("/api/app/cms/eventi/", { codice_accesso: addetto.codice_accesso })).statusCode).toBe(403);
  });
});
