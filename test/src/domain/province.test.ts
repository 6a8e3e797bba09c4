import {
  isProvinciaSigla,
  PROVINCE,
  provinceApi,
  provinciaBySigla,
  REGIONI,
  slugify,
} from "../../../src/domain/province";

describe("province", () => {
  it("lists the 110 current provinces and metropolitan cities, once each", () => {
    expect(PROVINCE).toHaveLength(110);
    expect(new Set(PROVINCE.map((p) => p.sigla)).size).toBe(110);
    expect(new Set(PROVINCE.map((p) => p.slug)).size).toBe(110);
    expect(REGIONI).toHaveLength(20);
    for (const p of PROVINCE) expect(p.sigla).toMatch(/^[A-Z]{2}$/);
  });

  it("has the 15 metropolitan cities (the historic 14 plus Sassari since 2025)", () => {
    const metro = PROVINCE.filter((p) => p.tipo === "citta_metropolitana")
      .map((p) => p.sigla)
      .sort();
    expect(metro).toEqual(["BA", "BO", "CA", "CT", "FI", "GE", "ME", "MI", "NA", "PA", "RC", "RM", "SS", "TO", "VE"]);
  });

  it("knows regions, names and slugs", () => {
    expect(provinciaBySigla("rm")).toEqual({
      nome: "Roma",
      sigla: "RM",
      regione: "Lazio",
      slug: "roma",
      tipo: "citta_metropolitana",
    });
    expect(provinciaBySigla("MB")?.regione).toBe("Lombardia");
    expect(provinciaBySigla("BT")?.nome).toBe("Barletta-Andria-Trani");
    expect(provinciaBySigla("AO")?.regione).toBe("Valle d'Aosta");
    expect(
      PROVINCE.filter((p) => p.regione === "Sardegna")
        .map((p) => p.sigla)
        .sort(),
    ).toEqual(["CA", "NU", "OG", "OR", "OT", "SS", "SU", "VS"]);
    expect(PROVINCE.filter((p) => p.regione === "Sicilia")).toHaveLength(9);
    expect(slugify("Forlì-Cesena")).toBe("forli-cesena");
    expect(slugify("L'Aquila")).toBe("l-aquila");
  });

  it("checks siglas and answers the API shape", () => {
    expect(isProvinciaSigla(" mi ")).toBe(true);
    expect(isProvinciaSigla("CI")).toBe(false);
    expect(isProvinciaSigla("XX")).toBe(false);
    expect(isProvinciaSigla("")).toBe(false);
    expect(provinceApi()).toContainEqual({ name: "Milano", abbr: "MI", slug: "milano" });
    expect(provinceApi()[0]).toEqual({ name: "Agrigento", abbr: "AG", slug: "agrigento" });
  });
});
