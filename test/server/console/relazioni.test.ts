/**
 * The guards' service reports and the foglio notizie (issue 34 items 5-7), on both databases: a
 * report sent from /api/app/relazioni/ — idempotent by the app's id, with device and server time,
 * the shift and its client's province —; an *emergenza* raises one alarm; the office amends (a new
 * version with its reason, the original kept), marks it relevant and approves it, after which
 * nothing changes — refused by the API and by the database itself; who may (erp_relazioni and the
 * admins). The foglio notizie of a day lists exactly that day's relevant facts (Rome's day, the
 * clock-change night too), "Nulla da segnalare" otherwise, made once by the job, kept unaltered,
 * each download recorded.
 */
import { sql } from "drizzle-orm";
import { queryOne, queryRows } from "../../../server/db/query";
import { runDueJob } from "../../../server/lib/jobs";
import { FOGLIO_NOTIZIE_JOB } from "../../../server/modules/console/fogli-notizie/fogli-notizie.job";
import { auth, describeEachDb } from "../helpers/app";
import { pdfPlainText } from "../helpers/pdf-text";
import { flatPng } from "../helpers/png";
import { consoleFixture, SITO } from "./console-fixture";

const GIORNO = "2026-07-10";
const at = (hhmm: string, giorno = GIORNO) => new Date(`${giorno}T${hhmm}:00+02:00`);
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function relazione(n: number, accaduto: Date, over: Record<string, unknown> = {}) {
  return {
    data: {
      id: uuid(n),
      data_ora: new Date(accaduto.getTime() + 10 * 60_000).toISOString(),
      categoria: "intrusione",
      gravita: "attenzione",
      accaduto_il: accaduto.toISOString(),
      luogo: "Cancello carraio lato nord",
      descrizione: `Recinzione tagliata (${n})`,
      provvedimenti: "Avvisata la centrale",
      lat: SITO.lat,
      lng: SITO.lng,
      accuratezza: 12,
      ...over,
    },
  };
}

describeEachDb("relazioni di servizio e foglio notizie", (ctx) => {
  const db = () => ctx().database.db;
  const one = async <T>(q: ReturnType<typeof sql>) => (await queryOne<T>(db(), q)) as T;
  const inject = (method: "GET" | "POST" | "PUT", url: string, token: string, payload?: object) =>
    ctx().app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
  const fx = consoleFixture(ctx);
  let russo: number;
  let guardia: string;
  let altra: string;
  let turno: number;
  let supervisore: { id: number; token: string };
  let senza: { id: number; token: string };
  const R = "/api/comunicazioni/relazioni/";
  const F = "/api/comunicazioni/fogli-notizie/";
  const idOf = async (n: number) =>
    Number((await one<{ id: number }>(sql`SELECT id FROM relazioni_servizio WHERE client_id = ${uuid(n)}::uuid`)).id);

  beforeAll(async () => {
    russo = await fx.operatore("Russo", { nome: "Giuseppe", applicazione: true });
    const bianchi = await fx.operatore("Bianchi", { applicazione: true });
    turno = await fx.turno({ name: "banca", giorno: GIORNO, inizio: "20:00", fine: "23:59", assegnati: [russo] });
    guardia = await fx.appToken(russo, "g.russo");
    altra = await fx.appToken(bianchi, "m.bianchi");
    supervisore = await ctx().createUser({ permissions: ["erp_relazioni"], nome: "Lucia", cognome: "Neri" });
    senza = await ctx().createUser({ permissions: ["erp_allarmi", "erp_anomalie"] });
    await db().execute(
      sql`UPDATE fatturazione_impostazioni SET denominazione = 'Vigilanza Ambrosiana Srl', provincia = 'MI'`,
    );
  });

  it("records a report once per app id, with the phone's and the server's time, the shift and its client's province", async () => {
    ctx().setNow(at("22:20"));
    const first = await inject("POST", "/api/app/relazioni/", guardia, relazione(1, at("22:05")));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      id: uuid(1),
      stato: "da_approvare",
      categoria: "intrusione",
      accaduto_il: `${GIORNO} 22:05:00`,
      ricevuto_il: `${GIORNO} 22:20:00`,
      allarme: null,
      foto: 0,
    });
    // The outbox sends it again: the same report, nothing recorded twice.
    const again = await inject("POST", "/api/app/relazioni/", guardia, relazione(1, at("22:05")));
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(uuid(1));
    const reused = await inject(
      "POST",
      "/api/app/relazioni/",
      guardia,
      relazione(1, at("22:05"), { luogo: "Altrove" }),
    );
    expect(reused.statusCode).toBe(409);
    expect(reused.json().detail).toBe("Identificativo già usato per un'altra relazione");
    const row = await one<{ n: number; turno_id: number; provincia: string; versioni: number }>(
      sql`SELECT count(*) OVER ()::int AS n, turno_id, provincia,
                 (SELECT count(*)::int FROM relazioni_servizio_versioni v WHERE v.relazione_id = r.id) AS versioni
            FROM relazioni_servizio r WHERE client_id = ${uuid(1)}::uuid`,
    );
    expect(row).toEqual({ n: 1, turno_id: turno, provincia: "MI", versioni: 1 });
    // Another guard's list does not show it; the guard's does.
    expect((await inject("GET", "/api/app/relazioni/", altra)).json().results).toEqual([]);
    expect(
      (await inject("GET", "/api/app/relazioni/", guardia)).json().results.map((r: { id: string }) => r.id),
    ).toEqual([uuid(1)]);
  });

  it("refuses bad input with Italian messages and writes nothing", async () => {
    const before = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM relazioni_servizio`);
    const bad = await inject(
      "POST",
      "/api/app/relazioni/",
      guardia,
      relazione(2, at("22:05"), { categoria: "rapina", descrizione: "  ", lat: null }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      categoria: "Categoria non valida",
      descrizione: "Questo campo è obbligatorio",
    });
    const future = await inject("POST", "/api/app/relazioni/", guardia, relazione(3, at("23:50")));
    expect(future.statusCode).toBe(400);
    expect(future.json().errors.accaduto_il).toBe("La data e ora del fatto è nel futuro");
    expect(await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM relazioni_servizio`)).toEqual(before);
  });

  it("an emergenza report raises one alarm for the desk, also when sent again", async () => {
    ctx().setNow(at("22:40"));
    const body = relazione(4, at("22:35"), {
      gravita: "emergenza",
      categoria: "incendio",
      descrizione: "Fumo dal magazzino",
    });
    const res = await inject("POST", "/api/app/relazioni/", guardia, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().allarme).toMatch(/^[0-9a-f-]{36}$/);
    expect((await inject("POST", "/api/app/relazioni/", guardia, body)).statusCode).toBe(200);
    const allarmi = await queryRows<{ stato: string; relazione_id: number; operatore_id: number }>(
      db(),
      sql`SELECT stato, relazione_id, operatore_id FROM allarmi WHERE relazione_id IS NOT NULL`,
    );
    expect(allarmi).toEqual([{ stato: "aperto", relazione_id: await idOf(4), operatore_id: russo }]);
    const desk0 = await ctx().createUser({ permissions: ["erp_allarmi"] });
    const id = Number((await one<{ id: number }>(sql`SELECT id FROM allarmi WHERE relazione_id IS NOT NULL`)).id);
    expect((await inject("GET", `/api/comunicazioni/allarmi/${id}/`, desk0.token)).json().relazione_id).toBe(
      await idOf(4),
    );
    // The desk's header wait sees it at once.
    const desk = await ctx().createUser({ permissions: ["erp_allarmi"] });
    const aperti = (await inject("GET", "/api/comunicazioni/allarmi/aperti/", desk.token)).json();
    expect(aperti.results.map((a: { operatore: { id: number } }) => a.operatore.id)).toContain(russo);
  });

  it("takes up to five photos of one's own report, checked by content; the office downloads them", async () => {
    const send = (data: Buffer, id = uuid(4), t = guardia) => {
      const boundary = "----erpfoto";
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="foto"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return ctx().app.inject({
        method: "POST",
        url: `/api/app/relazioni/${id}/foto/`,
        headers: { ...auth(t), "content-type": `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    expect((await send(Buffer.from("<html>non sono una foto</html>"))).statusCode).toBe(400);
    expect((await send(flatPng(8, 8), uuid(4), altra)).statusCode).toBe(404);
    for (let i = 1; i <= 5; i++) {
      const ok = await send(flatPng(8 + i, 8));
      expect(ok.statusCode).toBe(200);
      expect(ok.json().foto).toBe(i);
    }
    const sixth = await send(flatPng(20, 8));
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().detail).toBe("Una relazione ha al massimo 5 foto");
    const r = (await inject("GET", `${R}${await idOf(4)}/`, supervisore.token)).json();
    expect(r.foto).toHaveLength(5);
    const file = await inject("GET", `${R}${await idOf(4)}/foto/${r.foto[0]}/`, supervisore.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toMatch(/^attachment/);
    // Another report's photo id under this report: not found.
    expect((await inject("GET", `${R}${await idOf(1)}/foto/${r.foto[0]}/`, supervisore.token)).statusCode).toBe(404);
  });

  it("a guard with service reports cannot be deleted: 409 in Italian, not a 500 (ON DELETE RESTRICT)", async () => {
    const admin = await ctx().createUser({ permissions: ["admin"] });
    const res = await ctx().app.inject({
      method: "DELETE",
      url: `/api/anagrafiche/operatori/${russo}/`,
      headers: auth(admin.token),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe("L'elemento è collegato ad altri dati e non può essere modificato o eliminato");
    expect(await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM operatori WHERE id = ${russo}`)).toEqual({
      n: 1,
    });
  });

  it("lets only erp_relazioni and the admins read and review reports", async () => {
    expect((await inject("GET", R, senza.token)).statusCode).toBe(403);
    expect((await inject("GET", `${R}${await idOf(1)}/`, senza.token)).statusCode).toBe(403);
    expect((await inject("GET", F, senza.token)).statusCode).toBe(403);
    const list = await inject("GET", R, supervisore.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().results[0]).toMatchObject({
      operatore: "Giuseppe Russo",
      cliente: "Cliente banca",
      provincia: "MI",
      stato: "da_approvare",
      versioni: 1,
    });
  });

  it("amends as a new version with its reason, keeping the guard's original; marks it relevant; approval freezes it", async () => {
    const id = await idOf(1);
    ctx().setNow(at("23:00"));
    const noReason = await inject("POST", `${R}${id}/versioni/`, supervisore.token, {
      data: { ...relazione(1, at("22:05")).data, motivo: "" },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.motivo).toBe("Questo campo è obbligatorio");
    const amended = await inject("POST", `${R}${id}/versioni/`, supervisore.token, {
      data: {
        categoria: "tentato_furto",
        gravita: "attenzione",
        accaduto_il: at("22:00").toISOString(),
        luogo: "Cancello carraio lato nord",
        descrizione: "Recinzione tagliata, tentato accesso al magazzino",
        provvedimenti: "Avvisati i Carabinieri",
        motivo: "Precisato con la guardia al telefono",
      },
    });
    expect(amended.statusCode).toBe(201);
    const v = amended.json().versioni;
    expect(v).toHaveLength(2);
    expect(v[0]).toMatchObject({
      versione: 1,
      categoria: "intrusione",
      descrizione: "Recinzione tagliata (1)",
      autore: null,
    });
    expect(v[1]).toMatchObject({
      versione: 2,
      categoria: "tentato_furto",
      accaduto_il: `${GIORNO} 22:00:00`,
      motivo: "Precisato con la guardia al telefono",
      autore: { id: supervisore.id, full_name: "Lucia Neri" },
      creata_il: `${GIORNO} 23:00:00`,
    });
    const rilevante = await inject("PUT", `${R}${id}/`, supervisore.token, { data: { rilevante: true } });
    expect(rilevante.statusCode).toBe(200);
    expect(rilevante.json().rilevante).toBe(true);
    // A PUT changes only what it names.
    expect((await inject("PUT", `${R}${id}/`, supervisore.token, { data: {} })).json().rilevante).toBe(true);
    const approved = await inject("POST", `${R}${id}/approva/`, supervisore.token);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ stato: "approvata", approvata_da: { id: supervisore.id } });
    // Frozen: the API says so…
    for (const res of [
      await inject("PUT", `${R}${id}/`, supervisore.token, { data: { rilevante: false } }),
      await inject("POST", `${R}${id}/approva/`, supervisore.token),
      await inject("POST", `${R}${id}/versioni/`, supervisore.token, {
        data: { ...relazione(1, at("22:05")).data, motivo: "Ancora" },
      }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe("La relazione è già approvata: non si può più modificare");
    }
    // …and the database refuses a change or a removal whoever tries.
    const refused = async (q: string, why: RegExp) => {
      await expect(ctx().database.exec(q)).rejects.toThrow(why);
    };
    await refused(`UPDATE relazioni_servizio SET rilevante = false WHERE id = ${id}`, /approvata: non modificabile/);
    await refused(
      `UPDATE relazioni_servizio_versioni SET descrizione = 'riscritta' WHERE relazione_id = ${id}`,
      /sola aggiunta/,
    );
    await refused(`DELETE FROM relazioni_servizio_versioni WHERE relazione_id = ${id}`, /sola aggiunta/);
    await refused(
      `INSERT INTO relazioni_servizio_versioni (relazione_id, versione, categoria, gravita, accaduto_il, luogo,
         descrizione, motivo, utente_id, creata_il)
       VALUES (${id}, 3, 'furto', 'routine', now(), 'x', 'y', 'z', ${supervisore.id}, now())`,
      /approvata: non modificabile/,
    );
    await refused(`DELETE FROM relazioni_servizio WHERE id = ${await idOf(4)}`, /conservata per due anni/);
    const audit = await queryRows<{ note: string }>(
      db(),
      sql`SELECT note FROM log_entries WHERE content_type = 'relazione_servizio' AND object_id = ${String(id)} ORDER BY id`,
    );
    expect(audit.map((a) => a.note)).toEqual([
      "Relazione di servizio dall'app di Giuseppe Russo: Intrusione (attenzione)",
      "Relazione di Giuseppe Russo corretta (versione 2, Tentato furto): Precisato con la guardia al telefono",
      "Relazione di Giuseppe Russo segnata rilevante per la Questura",
      "Relazione di Giuseppe Russo approvata (rilevante per la Questura)",
    ]);
  });

  it("the foglio notizie of a day lists exactly that day's relevant facts, made once by the job, kept, downloads recorded", async () => {
    // Another relevant fact just after midnight: the next day's, not this one's; one not relevant.
    ctx().setNow(at("00:40", "2026-07-11"));
    expect(
      (await inject("POST", "/api/app/relazioni/", guardia, relazione(5, at("00:10", "2026-07-11")))).statusCode,
    ).toBe(201);
    await inject("PUT", `${R}${await idOf(5)}/`, supervisore.token, { data: { rilevante: true } });
    expect((await inject("POST", "/api/app/relazioni/", guardia, relazione(6, at("21:00")))).statusCode).toBe(201);
    const job = await runDueJob(db(), FOGLIO_NOTIZIE_JOB, at("00:45", "2026-07-11"), "w1");
    expect(job?.result).toMatch(/^7 fogli notizie generati/);
    // Once: a second worker finds nothing to do.
    expect(await runDueJob(db(), FOGLIO_NOTIZIE_JOB, at("01:05", "2026-07-11"), "w2")).toMatchObject({
      result: "0 fogli notizie generati",
    });
    const fogli = (await inject("GET", `${F}?periodo_dal=${GIORNO}&periodo_al=${GIORNO}`, supervisore.token)).json()
      .results;
    expect(fogli).toEqual([
      expect.objectContaining({
        giorno: GIORNO,
        provincia: "MI",
        emissione: 1,
        fatti: 1,
        generato_da: "Procedura automatica",
      }),
    ]);
    const pdf = await inject("GET", `${F}${fogli[0].id}/pdf/`, supervisore.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toContain(`foglio-notizie-${GIORNO}-MI-1.pdf`);
    const text = pdfPlainText(pdf.rawPayload);
    expect(text).toContain("Alla Questura di MI");
    expect(text).toContain("Vigilanza Ambrosiana Srl");
    expect(text).toContain("10/07/2026");
    expect(text).toContain(`Fatto 1 - ore 22:00 - Tentato furto (relazione n. ${await idOf(1)})`);
    expect(text).toContain("Recinzione tagliata, tentato accesso al magazzino");
    expect(text).toContain("Giuseppe Russo");
    expect(text).toContain("Avvisati i Carabinieri");
    expect(text).not.toContain("Fatto 2");
    expect(text).not.toContain("Recinzione tagliata (5)");
    expect(text).not.toContain("Recinzione tagliata (6)");
    // A day of the week before without facts: the "nulla da segnalare" sheet.
    const vuoto = (await inject("GET", `${F}?periodo_dal=2026-07-09&periodo_al=2026-07-09`, supervisore.token)).json()
      .results[0];
    expect(vuoto).toMatchObject({ provincia: "MI", fatti: 0 });
    expect(pdfPlainText((await inject("GET", `${F}${vuoto.id}/pdf/`, supervisore.token)).rawPayload)).toContain(
      "Nulla da segnalare.",
    );
    const downloaded = (
      await inject("GET", `${F}?periodo_dal=${GIORNO}&periodo_al=${GIORNO}`, supervisore.token)
    ).json().results[0];
    expect(downloaded.scaricato).toBe(1);
    expect(downloaded.ultimo_download).toMatch(/^Lucia Neri, 11\/07\/2026 00:40$/);
    // Unalterable.
    await expect(
      ctx().database.exec(`UPDATE fogli_notizie SET provincia = 'TO' WHERE id = ${fogli[0].id}`),
    ).rejects.toThrow(/non modificabile/);
    await expect(ctx().database.exec(`DELETE FROM fogli_notizie WHERE id = ${fogli[0].id}`)).rejects.toThrow(
      /non modificabile/,
    );
  });

  it("'Genera ora' makes a further issue with what was marked relevant afterwards; a future day is refused", async () => {
    await inject("PUT", `${R}${await idOf(6)}/`, supervisore.token, { data: { rilevante: true } });
    const res = await inject("POST", F, supervisore.token, { data: { giorno: GIORNO } });
    expect(res.statusCode).toBe(201);
    expect(res.json().results).toEqual([expect.objectContaining({ provincia: "MI", emissione: 2, fatti: 2 })]);
    const text = pdfPlainText(
      (await inject("GET", `${F}${res.json().results[0].id}/pdf/`, supervisore.token)).rawPayload,
    );
    expect(text).toContain("2 (integrazione delle precedenti)");
    expect(text.indexOf("ore 21:00")).toBeLessThan(text.indexOf("ore 22:00"));
    const future = await inject("POST", F, supervisore.token, { data: { giorno: "2026-07-12" } });
    expect(future.statusCode).toBe(400);
    expect(future.json().detail).toBe("Il giorno non è ancora iniziato");
  });

  it("a fact in the clock-change night belongs to the day it happened in Rome (25 hours long)", async () => {
    // 25 October 2026: 03:00 CEST becomes 02:00 CET. 02:30 CET is 01:30 UTC, still the 25th in Rome.
    const giorno = "2026-10-25";
    const turnoOttobre = await fx.turno({ name: "notte", giorno, inizio: "00:00", fine: "06:00", assegnati: [russo] });
    expect(turnoOttobre).toBeGreaterThan(0);
    ctx().setNow(new Date("2026-10-25T05:00:00Z"));
    const late = relazione(7, new Date("2026-10-25T01:30:00Z"), { descrizione: "Fatto nell'ora ripetuta" });
    expect((await inject("POST", "/api/app/relazioni/", guardia, late)).statusCode).toBe(201);
    const dopo = relazione(8, new Date("2026-10-25T23:30:00Z"), { descrizione: "Fatto del 26" });
    ctx().setNow(new Date("2026-10-26T00:00:00Z"));
    expect((await inject("POST", "/api/app/relazioni/", guardia, dopo)).statusCode).toBe(201);
    for (const n of [7, 8])
      await inject("PUT", `${R}${await idOf(n)}/`, supervisore.token, { data: { rilevante: true } });
    const res = await inject("POST", F, supervisore.token, { data: { giorno } });
    expect(res.json().results).toEqual([expect.objectContaining({ provincia: "MI", fatti: 1 })]);
    const text = pdfPlainText(
      (await inject("GET", `${F}${res.json().results[0].id}/pdf/`, supervisore.token)).rawPayload,
    );
    expect(text).toContain("ore 02:30");
    expect(text).toContain("Fatto nell'ora ripetuta");
    expect(text).not.toContain("Fatto del 26");
  });

  it("keeps the licence and the provinces that get a sheet every day, audited", async () => {
    const res = await inject("PUT", `${F}impostazioni/`, supervisore.token, {
      data: { licenza: "Licenza n. 123/2020, Prefettura di Milano", province: ["TO", "MI", "MI"] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      licenza: "Licenza n. 123/2020, Prefettura di Milano",
      province: ["MI", "TO"],
      denominazione: "Vigilanza Ambrosiana Srl",
      provincia_azienda: "MI",
    });
    const bad = await inject("PUT", `${F}impostazioni/`, supervisore.token, { data: { province: ["Milano"] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors["province.0"]).toBe("Sigla di provincia non valida (due lettere)");
    // A day without facts: a "nulla da segnalare" sheet for each province.
    const made = await inject("POST", F, supervisore.token, { data: { giorno: "2026-07-01" } });
    expect(made.json().results.map((r: { provincia: string; fatti: number }) => [r.provincia, r.fatti])).toEqual([
      ["MI", 0],
      ["TO", 0],
    ]);
  });
});
