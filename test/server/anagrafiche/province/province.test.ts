import { auth, describeEachDb } from "../../helpers/app";

describeEachDb("anagrafiche/province", (ctx) => {
  it("answers every current province as {name, abbr, slug} to any signed-in user", async () => {
    const { token } = await ctx().createUser({ permissions: [] });
    const res = await ctx().app.inject({ method: "GET", url: "/api/anagrafiche/province/", headers: auth(token) });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { name: string; abbr: string; slug: string }[];
    expect(list).toHaveLength(110);
    for (const p of list) expect(Object.keys(p).sort()).toEqual(["abbr", "name", "slug"]);
    const byAbbr = new Map(list.map((p) => [p.abbr, p]));
    expect(byAbbr.get("RM")).toEqual({ name: "Roma", abbr: "RM", slug: "roma" });
    expect(byAbbr.get("MI")).toEqual({ name: "Milano", abbr: "MI", slug: "milano" });
    expect(byAbbr.get("FC")).toEqual({ name: "Forlì-Cesena", abbr: "FC", slug: "forli-cesena" });
    expect(byAbbr.get("AQ")?.slug).toBe("l-aquila");
    for (const abbr of ["NA", "TO", "PA", "BT", "MB", "SU", "OT", "OG", "VS"]) expect(byAbbr.has(abbr)).toBe(true);
    expect(byAbbr.has("CI")).toBe(false); // Carbonia-Iglesias: abolished
    expect(new Set(list.map((p) => p.abbr)).size).toBe(110);
  });

  it("needs a token", async () => {
    const res = await ctx().app.inject({ method: "GET", url: "/api/anagrafiche/province/" });
    expect(res.statusCode).toBe(401);
  });
});
