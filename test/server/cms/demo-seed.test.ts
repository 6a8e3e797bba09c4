/**
 * The CMS's demo data (issue 14 item 6): an event in progress with four gates and two devices
 * each, counting since before the doors opened — over the warning threshold, filling up, one
 * device silent —, a past and a future event, and the demo steward's access code for the app.
 */

import { seedDemo } from "../../../server/seed/demo";
import type { ControlRoom } from "../../../src/domain/contracts/cms/control-room";
import { auth, describeEachDb } from "../helpers/app";

const TODAY = new Date("2026-06-20T21:00:00+02:00");

describeEachDb("cms demo data", (ctx) => {
  let report: string[] = [];
  const codiceDemo = () => /codice di accesso (\S+)/.exec(report.join("\n"))?.[1] ?? "";
  beforeAll(async () => {
    report = await seedDemo(ctx().database, { scryptN: 1024, today: TODAY });
    ctx().setNow(TODAY);
  }, 180_000);
  afterAll(() => ctx().setNow(null));

  it("has an event in progress with four gates and two devices each, counting, over the warning threshold", async () => {
    const sala = await ctx().createUser({ permissions: ["cms_view_control_room"] });
    const list = (
      await ctx().app.inject({
        method: "GET",
        url: "/api/cms/control-room/eventi/?periodo=in-corso",
        headers: auth(sala.token),
      })
    ).json();
    expect(list.results.map((r: { titolo: string }) => r.titolo)).toEqual(["Concerto in Piazza Maggiore"]);
    const id = list.results[0].id;
    const p: ControlRoom = (
      await ctx().app.inject({ method: "GET", url: `/api/cms/control-room/eventi/${id}/`, headers: auth(sala.token) })
    ).json();
    expect(p.varchi).toHaveLength(4);
    expect(p.dispositivi).toHaveLength(8);
    expect(p.totale.livello).toBe("attenzione");
    expect(p.totale.presenti).toBeGreaterThan(0.8 * p.totale.capienza);
    expect(p.per_minuto).toBeGreaterThan(0);
    expect(p.minuti_al_pieno).not.toBeNull();
    expect(p.dispositivi?.filter((d) => d.silente).map((d) => d.codice)).toEqual(["CP-42"]);
    // Generated at seed time and printed once (issue 30 item 11), never the old fixed DEMO2026.
    expect(codiceDemo()).toMatch(/^[A-Z0-9]{8}$/);
    expect(codiceDemo()).not.toBe("DEMO2026");
    for (const periodo of ["passati", "futuri"]) {
      const r = await ctx().app.inject({
        method: "GET",
        url: `/api/cms/control-room/eventi/?periodo=${periodo}`,
        headers: auth(sala.token),
      });
      expect(r.json().count).toBe(1);
    }
  });

  it("lets the demo steward sign in to the counting app and count", async () => {
    const login = await ctx().app.inject({
      method: "POST",
      url: "/api/app/cms/login/",
      payload: { codice_accesso: codiceDemo() },
    });
    expect(login.statusCode).toBe(200);
    const { token, evento } = login.json();
    expect(evento.titolo).toBe("Concerto in Piazza Maggiore");
    const res = await ctx().app.inject({
      method: "POST",
      url: `/api/app/cms/varchi/${evento.varchi[0].id}/conteggi/`,
      headers: auth(token),
      // A phone of its own: the seeded devices are bound to their gates, and a seq far ahead of a
      // device's last is refused (issue 30 item 6).
      payload: { data: { device_id: "CP-DEMO", seq: 1, in: 4, out: 0, at: TODAY.toISOString() } },
    });
    expect(res.json()).toMatchObject({ accettati: 1 });
  });
});
