/**
 * Issue 30 items 2 and 3: the control room's live stream is bounded. It ends at logout and when
 * the user loses the permission (the 'erp_auth' NOTIFY, whichever process made the change), and a
 * user cannot open more than LIVE.perUser streams (429 with an Italian detail).
 */
import type { AddressInfo } from "node:net";
import { LIVE, TROPPE_DIRETTE_UTENTE } from "../../../server/modules/cms/control-room/control-room.routes";
import { auth, describeEachDb } from "../helpers/app";

const START = new Date(Date.now() - 60 * 60_000);
const END = new Date(Date.now() + 3 * 60 * 60_000);

/** Resolves when the stream ends (the server closed it); rejects after `ms` (a guard, not a measure). */
async function ended(res: Response, ms = 20_000): Promise<"chiuso"> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const deadline = Date.now() + ms;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error("lo stream è rimasto aperto");
    const chunk = await Promise.race([
      reader.read(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("lo stream è rimasto aperto")), left)),
    ]);
    if (chunk.done) return "chiuso";
  }
}

describeEachDb("cms: control room, dirette limitate", (ctx) => {
  let base: string;
  let evento: number;
  let staff: string;

  beforeAll(async () => {
    staff = (await ctx().createUser({ permissions: ["cms_edit"] })).token;
    evento = (
      await ctx().app.inject({
        method: "POST",
        url: "/api/cms/eventi/",
        headers: auth(staff),
        payload: {
          data: {
            titolo: "In corso",
            descrizione: "x",
            indirizzo: "Piazza",
            citta: "Modena",
            prov: "MO",
            contatore: true,
            data_inizio: START.toISOString(),
            data_fine: END.toISOString(),
          },
        },
      })
    ).json().id;
    await ctx().app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(ctx().app.server.address() as AddressInfo).port}`;
  });

  const live = (token: string) =>
    fetch(`${base}/api/cms/control-room/eventi/${evento}/live/`, { headers: auth(token) });

  it("ends the stream when its user logs out", async () => {
    const sala = await ctx().createUser({ permissions: ["cms_view_control_room"] });
    const res = await live(sala.token);
    expect(res.status).toBe(200);
    const out = await fetch(`${base}/api/auth/logout/`, { method: "POST", headers: auth(sala.token) });
    expect(out.status).toBe(200);
    expect(await ended(res)).toBe("chiuso");
  });

  it("ends the stream when the user loses the permission", async () => {
    const sala = await ctx().createUser({ permissions: ["cms_view_control_room"] });
    const res = await live(sala.token);
    expect(res.status).toBe(200);
    await ctx().database.exec(`UPDATE users SET permissions = '{erp_dashboard}' WHERE id = ${sala.id}`);
    expect(await ended(res)).toBe("chiuso");
  });

  it(`refuses a user's stream beyond ${LIVE.perUser} with 429`, async () => {
    const sala = await ctx().createUser({ permissions: ["cms_view_control_room"] });
    const open: Response[] = [];
    for (let i = 0; i < LIVE.perUser; i++) {
      const res = await live(sala.token);
      expect(res.status).toBe(200);
      open.push(res);
    }
    const refused = await live(sala.token);
    expect(refused.status).toBe(429);
    expect((await refused.json()).detail).toBe(TROPPE_DIRETTE_UTENTE);
    // Another user is not refused.
    const altro = await ctx().createUser({ permissions: ["cms_view_control_room"] });
    const res = await live(altro.token);
    expect(res.status).toBe(200);
    for (const r of [...open, res]) await r.body?.cancel();
  });
});
