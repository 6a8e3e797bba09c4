/**
 * A planner's day on the real server, call by call (formerly the real half of the mocks' contract
 * test, which compared its answers with mocks/): contract, services, assignment with its refusals
 * (turno_sovrapposto, black_list, non_gradito, non_assegnato, riposo_insufficiente and its override), confirmation,
 * candidates, bulk assignment, consolidation, days and shifts, prices, pay, refused operators,
 * costs, equipment, notes, an intermittent worker's call and its communication, a busy contract's
 * delete — each step's status, and the refusals, warnings and lists the screens show.
 */
import { computeFiscalCode } from "../../../src/domain/fiscal-code";
import { auth, describeEachDb, type TestApp } from "../helpers/app";

interface Answer {
  status: number;
  json: unknown;
}

/** A call to the real server. */
type Send = (method: string, url: string, body?: unknown) => Promise<Answer>;

function realSender(t: TestApp, token: string): Send {
  return async (method, url, body) => {
    const res = await t.app.inject({
      method: method as "GET",
      url,
      headers: auth(token),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: res.statusCode, json: res.body ? res.json() : null };
  };
}

/** The ids the scenario needs: a client, a qualification without licences, operators. */
interface World {
  cliente: number;
  posizione: number;
  /** Eligible operators with the qualification. */
  a: number;
  b: number;
  /** Black-listed, with the qualification. */
  nero: number;
  /** On an intermittent employment contract, with the qualification. */
  intermittente: number;
}

const DAY = "2026-05-04"; // a Monday
const DAY2 = "2026-05-05";

interface Trace {
  [step: string]: Answer;
}

const P = "/api/pianificazione";

/** The planner's calls; answers every step's status and body. */
async function scenario(send: Send, w: World): Promise<Trace> {
  const t: Trace = {};
  const step = async (name: string, method: string, url: string, body?: unknown) => {
    t[name] = await send(method, url, body);
    return t[name].json as Record<string, unknown>;
  };
  const contratto = await step("contrattoCreate", "POST", `${P}/contratti/`, {
    data: { titolo: "Contratto di prova", cliente: w.cliente, tipo_servizio: "", notifica_allarme: "true" },
  });
  const C = `${P}/contratti/${contratto.id}`;
  await step("contrattoGet", "GET", `${C}/`);
  await step("contrattoPut", "PUT", `${C}/`, { data: { sede: "Milano, via Dante 1", annotazioni: "" } });
  await step("contrattoInvalid", "PUT", `${C}/`, { data: { titolo: "" } });
  await step("contrattiList", "GET", `${P}/contratti/?page=1&page_size=25&global=prova`);

  const turno = (inizio: string, fine: string) => ({
    inizio_f1: inizio,
    fine_f1: fine,
    posizione: w.posizione,
    operatori_richiesti: 1,
  });
  const sA = await step("servizioCreate", "POST", `${C}/servizi/`, {
    data: {
      dal: DAY,
      al: "2026-05-10",
      descrizione: "Portineria",
      indirizzo: "Via Dante 1, Milano",
      giorni_settimana: [1, 2, 3, 4, 5],
      turni: [turno("08:00", "14:00"), turno("20:00", "23:00")],
    },
  });
  const sB = await step("servizio2Create", "POST", `${C}/servizi/`, {
    data: { dal: DAY, al: DAY, descrizione: "Evento", indirizzo: "", turni: [turno("10:00", "18:00")] },
  });
  await step("servizioInvalid", "POST", `${C}/servizi/`, { data: { dal: DAY, al: "2026-05-01", turni: [] } });
  type G = { id: number; giorno: string; turni: { id: number }[] };
  const giorniA = sA.giorni as G[];
  const [g0, g1] = giorniA;
  const gB = (sB.giorni as G[])[0];
  const SA = `${C}/servizi/${sA.id}`;
  const T = (g: G, i: number, s = SA) => `${s}/giorni/${g.id}/turni/${g.turni[i].id}`;
  const op = (id: number, add?: boolean) => ({
    data: add === undefined ? { operatore: { id } } : { operatore: { id }, add },
  });

  await step("assign", "POST", `${T(g0, 0)}/operatori/`, op(w.a, true));
  // Less rest than the profile's minimum: refused, then overridden with a reason (issue 15 item 2).
  await step("assignRest", "POST", `${T(g0, 1)}/operatori/`, op(w.a, true));
  await step("assignDeroga", "POST", `${T(g0, 1)}/operatori/`, {
    data: { operatore: { id: w.a }, add: true, deroga: "Unico operatore disponibile in zona" },
  });
  await step("assignOverlap", "POST", `${T(gB, 0, `${C}/servizi/${sB.id}`)}/operatori/`, op(w.a, true));
  await step("assignBlackList", "POST", `${T(g1, 0)}/operatori/`, op(w.nero, true));
  await step("confirm", "POST", `${T(g0, 0)}/operatori-conf/`, op(w.a, true));
  await step("confirmNotAssigned", "POST", `${T(g1, 1)}/operatori-conf/`, op(w.b, true));
  await step("unconfirm", "POST", `${T(g0, 1)}/operatori-conf/`, op(w.a));
  await step("servizioGet", "GET", `${SA}/?dal=${DAY}&al=${DAY2}`);
  await step("serviziList", "GET", `${C}/servizi/`);
  await step("candidatiTurno", "GET", `${T(g1, 0)}/candidati/`);
  await step("candidatiGiorno", "GET", `${SA}/giorni/${g0.id}/candidati/`);
  await step("bulk", "POST", `${T(g1, 0)}/operatori/bulk/`, { data: { operatori: [w.b, w.nero], conferma: true } });
  await step("consolidaGiorno", "POST", `${SA}/giorni/${g0.id}/consolida/`, { data: {} });
  await step("consolidaTurno", "POST", `${T(g1, 1)}/consolida/`, { data: {} });
  await step("unassign", "POST", `${T(g0, 1)}/operatori/`, op(w.a, false));
  await step("operatoriAssegnati", "GET", `${SA}/operatori-assegnati/`);

  await step("giornoCreate", "POST", `${SA}/giorni/`, { data: { giorno: "2026-05-09" } });
  await step("giornoDuplicate", "POST", `${SA}/giorni/`, { data: { giorno: DAY } });
  await step("turnoCreate", "POST", `${SA}/giorni/${g1.id}/turni/`, { data: turno("15:00", "19:00") });

  await step("prezzoCreate", "POST", `${C}/prezzi/`, {
    data: { posizione: w.posizione, prezzo_orario: "21.50", maggiorazione_notturna: 15 },
  });
  await step("prezzi", "GET", `${C}/prezzi/`);
  await step("compensoCreate", "POST", `${C}/compensi/`, { data: { posizione: w.posizione, compenso_orario: 10.5 } });
  await step("compensi", "GET", `${C}/compensi/`);
  await step("nonGraditoCreate", "POST", `${C}/non-graditi/`, { data: { operatore: w.b, motivo: "Richiesta" } });
  await step("nonGraditi", "GET", `${C}/non-graditi/`);
  await step("assignNonGradito", "POST", `${T(g1, 1)}/operatori/`, op(w.b, true));

  await step("costoCreate", "POST", `${SA}/costi/`, { data: { tipo: "Carburante", importo: "45.20", data: DAY } });
  await step("costi", "GET", `${SA}/costi/`);
  await step("costoInvalid", "POST", `${SA}/costi/`, { data: { tipo: "", importo: "1", data: DAY } });
  await step("dotazioneCreate", "POST", `${SA}/dotazioni/`, {
    data: { descrizione: "Radio", quantita: 2, operatore: w.a, consegnata_il: DAY, restituita_il: null },
  });
  await step("dotazioni", "GET", `${SA}/dotazioni/`);
  await step("notaCreate", "POST", `${SA}/note-ed-allegati/`, { data: { nota: "Chiavi in portineria" } });
  await step("note", "GET", `${SA}/note-ed-allegati/`);

  await step("assignIntermittente", "POST", `${T(g1, 1)}/operatori/`, op(w.intermittente, true));
  const list = await step("intermittenti", "GET", `${P}/intermittenti/?dal=${DAY}&al=${DAY2}&page=1&page_size=25`);
  const row = (list.results as { id: number }[] | undefined)?.[0];
  await step("comunicazione", "POST", `${P}/intermittenti/${row?.id}/comunicazione/`, {
    data: { inviata_il: DAY, riferimento: "PEC 123" },
  });
  await step("intermittentiNoPeriodo", "GET", `${P}/intermittenti/?page=1`);
  await step("contrattoDeleteBusy", "DELETE", `${C}/`);
  return t;
}

describeEachDb("pianificazione: a planner's scenario", (ctx) => {
  let real: Trace;

  beforeAll(async () => {
    const t = ctx();
    const admin = await t.createUser({ permissions: ["superadmin"] });
    const send = realSender(t, admin.token);
    const must = async (method: string, url: string, body: unknown) => {
      const r = await send(method, url, body);
      if (r.status !== 201) throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(r.json)}`);
      return (r.json as { id: number }).id;
    };
    const account = (await send("GET", "/api/auth/account/")).json as {
      settings: { posizioni: { id: number; descrizione: string }[] };
    };
    const posizione = account.settings.posizioni.find((p) => p.descrizione === "Addetto ai servizi fiduciari")!.id;
    const operatore = (cognome: string, extra: Record<string, unknown> = {}) => {
      const person = { cognome, nome: "Prova", sesso: "M", data_nascita: "1990-03-15" };
      const codice_fiscale = computeFiscalCode({ ...person, codice_catastale: "F205" });
      return must("POST", "/api/anagrafiche/operatori/", {
        data: { ...person, codice_fiscale, posizioni_operatore: [posizione], ...extra },
      });
    };
    const cliente = await must("POST", "/api/anagrafiche/clienti/", {
      data: { ragione_sociale: "Cliente del contratto S.r.l.", citta: "Milano", prov: "MI" },
    });
    const a = await operatore("Alfa");
    const b = await operatore("Bravo");
    const nero = await operatore("Nero", { black_list: true });
    const intermittente = await operatore("Intermittente");
    await must("POST", `/api/anagrafiche/operatori/${intermittente}/contratti/`, {
      data: { tipo: "intermittente", data_inizio: "2026-01-01" },
    });
    real = await scenario(send, { cliente, posizione, a, b, nero, intermittente });
  });

  const STATUS: Record<string, number> = {
    contrattoCreate: 201,
    contrattoGet: 200,
    contrattoPut: 200,
    contrattoInvalid: 400,
    contrattiList: 200,
    servizioCreate: 201,
    servizio2Create: 201,
    servizioInvalid: 400,
    assign: 200,
    assignRest: 409,
    assignDeroga: 200,
    assignOverlap: 409,
    assignBlackList: 409,
    confirm: 200,
    confirmNotAssigned: 409,
    unconfirm: 200,
    servizioGet: 200,
    serviziList: 200,
    candidatiTurno: 200,
    candidatiGiorno: 200,
    bulk: 200,
    consolidaGiorno: 200,
    consolidaTurno: 200,
    unassign: 200,
    operatoriAssegnati: 200,
    giornoCreate: 201,
    giornoDuplicate: 400,
    turnoCreate: 201,
    prezzoCreate: 201,
    prezzi: 200,
    compensoCreate: 201,
    compensi: 200,
    nonGraditoCreate: 201,
    nonGraditi: 200,
    assignNonGradito: 409,
    costoCreate: 201,
    costi: 200,
    costoInvalid: 400,
    dotazioneCreate: 201,
    dotazioni: 200,
    notaCreate: 201,
    note: 200,
    assignIntermittente: 200,
    intermittenti: 200,
    comunicazione: 200,
    intermittentiNoPeriodo: 400,
    contrattoDeleteBusy: 409,
  };

  it("answers every step with its status", () => {
    expect(Object.fromEntries(Object.entries(real).map(([k, v]) => [k, v.status]))).toEqual(STATUS);
  });

  it("service GET nests giorni → turni → operatori", () => {
    const s = real.servizioGet.json as { giorni: { turni: { operatori: unknown[] }[] }[] };
    expect(s.giorni.length).toBe(2);
    expect(s.giorni[0].turni[0].operatori.length).toBe(1);
  });

  it("answers the warnings, the refusal reasons and the lists' rows", () => {
    const t = real;
    expect(t.assignRest.json).toMatchObject({
      reason: "riposo_insufficiente",
      detail: expect.stringMatching(/^Riposo insufficiente/),
      derogabile: true,
    });
    expect(t.assignDeroga.json).toMatchObject({ result: "OK", operatore: { confermato: false } });
    expect(t.assignOverlap.json).toMatchObject({
      reason: "turno_sovrapposto",
      detail: expect.stringMatching(/^L'operatore è già assegnato a un turno sovrapposto: 04\/05\/2026 08:00–14:00/),
      // An overlap is never overridden, whatever else is wrong.
      reasons: [{ code: "turno_sovrapposto" }, { code: "riposo_insufficiente" }],
      derogabile: false,
    });
    expect(t.assignBlackList.json).toMatchObject({ reason: "black_list", detail: "L'operatore è in black list" });
    expect(t.assignNonGradito.json).toMatchObject({ reason: "non_gradito" });
    expect(t.confirmNotAssigned.json).toMatchObject({ reason: "non_assegnato" });
    expect(t.bulk.json).toMatchObject({ assegnati: [{ confermato: true }], falliti: [{ reason: "black_list" }] });
    expect((t.candidatiTurno.json as { results: unknown[] }).results.length).toBeGreaterThan(0);
    expect((t.candidatiGiorno.json as { turni: unknown[] }).turni.length).toBe(2);
    expect((t.intermittenti.json as { count: number }).count).toBe(1);
    for (const k of ["prezzi", "compensi", "nonGraditi", "costi", "dotazioni", "note", "operatoriAssegnati"])
      expect((t[k].json as { results: unknown[] }).results.length).toBeGreaterThan(0);
    expect((t.contrattoInvalid.json as { errors: Record<string, string> }).errors).toHaveProperty("titolo");
    expect((t.servizioInvalid.json as { errors: Record<string, string> }).errors).toHaveProperty("al");
  });
});
