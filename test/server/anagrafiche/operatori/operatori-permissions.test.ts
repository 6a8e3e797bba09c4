import { auth, describeEachDb } from "../../helpers/app";
import { ADMIN, createOperatore, MARIO } from "./fixtures";

describeEachDb("operatori: tab permissions and personal data", (ctx) => {
  const url = "/api/anagrafiche/operatori/";
  let id = 0;

  beforeAll(async () => {
    const { token } = await ctx().createUser({ permissions: ADMIN });
    const op = await createOperatore(ctx(), token, { ...MARIO, annotazioni: "Nota riservata" });
    id = op.id;
  });

  it("needs a token (401) and a permission (403)", async () => {
    expect((await ctx().app.inject({ method: "GET", url: `${url}${id}/` })).statusCode).toBe(401);
    const { token } = await ctx().createUser({ permissions: ["erp_clienti"] });
    const res = await ctx().app.inject({ method: "GET", url: `${url}${id}/`, headers: auth(token) });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe("Non disponi di permessi sufficienti per questa sezione");
  });

  it("hides personal data and tab lists from a user with erp_operatori only", async () => {
    const { token } = await ctx().createUser({ permissions: ["erp_operatori"] });
    const rec = (await ctx().app.inject({ method: "GET", url: `${url}${id}/`, headers: auth(token) })).json();
    expect(rec).toMatchObject({ id, cognome: "Rossi", nome: "Mario" });
    for (const k of [
      "codice_fiscale",
      "iban",
      "data_nascita",
      "indirizzo",
      "foto_busto",
      "curriculum",
      "annotazioni",
    ]) {
      expect(rec).not.toHaveProperty(k);
    }
    for (const k of ["documenti", "corsi", "contratti", "pratiche", "compensi", "indisponibilita", "disponibilita"]) {
      expect(rec).not.toHaveProperty(k);
    }
    expect(JSON.stringify(rec)).not.toContain("RSSMRA85M01H501Q");
  });

  it("shows each tab's lists only with that tab's permission", async () => {
    const { token } = await ctx().createUser({
      permissions: ["erp_operatori", "erp_operatori_documenti-corsi", "erp_operatori_anagrafica"],
    });
    const rec = (await ctx().app.inject({ method: "GET", url: `${url}${id}/`, headers: auth(token) })).json();
    expect(rec.codice_fiscale).toBe("RSSMRA85M01H501Q");
    expect(rec.documenti).toEqual([]);
    expect(rec.corsi).toEqual([]);
    expect(rec).not.toHaveProperty("contratti");
    expect(rec).not.toHaveProperty("annotazioni");
  });

  it.each([
    ["documenti", "erp_operatori_documenti-corsi", { tipo: "porto_armi", numero: "PA123" }],
    ["corsi", "erp_operatori_documenti-corsi", { tipo: "antincendio", data_conseguimento: "2024-01-10" }],
    ["contratti", "erp_operatori_contratti-pratiche", { tipo: "intermittente", data_inizio: "2024-01-01" }],
    [
      "pratiche",
      "erp_operatori_contratti-pratiche",
      { tipo: "malattia", stato: "aperta", data_apertura: "2024-01-01" },
    ],
    [
      "indisponibilita",
      "erp_operatori_indisponibilita",
      { dal: "2025-07-01T06:00:00Z", al: "2025-07-03T18:00:00Z", motivo: "Ferie" },
    ],
  ])("%s: 403 without %s, 201 with it", async (tab, perm, data) => {
    const other = await ctx().createUser({ permissions: ["erp_operatori", "erp_operatori_anagrafica"] });
    const denied = await ctx().app.inject({
      method: "POST",
      url: `${url}${id}/${tab}/`,
      headers: auth(other.token),
      payload: { data },
    });
    expect(denied.statusCode).toBe(403);
    const list = await ctx().app.inject({ method: "GET", url: `${url}${id}/${tab}/`, headers: auth(other.token) });
    expect(list.statusCode).toBe(403);

    const allowed = await ctx().createUser({ permissions: ["erp_operatori", perm] });
    const ok = await ctx().app.inject({
      method: "POST",
      url: `${url}${id}/${tab}/`,
      headers: auth(allowed.token),
      payload: { data },
    });
    expect(ok.statusCode).toBe(201);
  });

  it("anagrafica fields need erp_operatori_anagrafica; notes need erp_operatori_altro", async () => {
    const altro = await ctx().createUser({ permissions: ["erp_operatori", "erp_operatori_altro"] });
    const denied = await ctx().app.inject({
      method: "PUT",
      url: `${url}${id}/`,
      headers: auth(altro.token),
      payload: { data: { cognome: "Bianchi" } },
    });
    expect(denied.statusCode).toBe(403);
    const ok = await ctx().app.inject({
      method: "PUT",
      url: `${url}${id}/`,
      headers: auth(altro.token),
      payload: { data: { note: "Preferisce i turni di notte" } },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().note).toBe("Preferisce i turni di notte");
    expect(ok.json()).not.toHaveProperty("codice_fiscale");

    const anag = await ctx().createUser({ permissions: ["erp_operatori", "erp_operatori_anagrafica"] });
    const noNotes = await ctx().app.inject({
      method: "PUT",
      url: `${url}${id}/`,
      headers: auth(anag.token),
      payload: { data: { note: "altro" } },
    });
    expect(noNotes.statusCode).toBe(403);
    const del = await ctx().app.inject({ method: "DELETE", url: `${url}${id}/`, headers: auth(altro.token) });
    expect(del.statusCode).toBe(403);
  });
});
