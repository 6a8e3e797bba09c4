/**
 * /api/comunicazioni/: the header's notifications (the active problems and the unread count) and
 * the support desk (its list from TicketList, a ticket, the reply, state and assignee, read), the
 * attendance list (AttivitaList), the anomalies (AnomaliaList, one, state and notes, read).
 */
import { delay, HttpResponse } from "msw";
import type { Allarme } from "../src/domain/contracts/console/allarmi/schemas";
import type { Anomalia } from "../src/domain/contracts/console/anomalie/schemas";
import {
  allarmiCalls as allarmi,
  anomalieCalls as anomalie,
  attivitaCalls,
  comunicazioniAziendaCalls as comunicazioni,
  credenzialiAppCalls,
  fogliNotizieCalls as fogli,
  notificheCalls as notifiche,
  relazioniCalls as relazioni,
  ticketSupportoCalls as ticket,
} from "../src/domain/contracts/console/calls";
import type {
  Comunicazione,
  ComunicazioneDestinatari,
} from "../src/domain/contracts/console/comunicazioni-azienda/schemas";
import type { Relazione, RelazioneVersione } from "../src/domain/contracts/console/relazioni/schemas";
import type { Ticket } from "../src/domain/contracts/console/ticket-supporto/schemas";
import { mockCall, mockListCall } from "./calls";
import { dataOf, refuse } from "./http";
import { db } from "./store";

const ticketOf = (id: unknown) => db.tickets.find((t) => t.id === Number(id));
const notFound = () => refuse(404, "Ticket non trovato");

const row = (t: Ticket) => ({
  id: t.id,
  non_letto: t.letto_il === null,
  data_ora: t.data_ora,
  operatore: t.operatore.full_name,
  operatore_id: t.operatore.id,
  tipo: t.tipo,
  oggetto: t.oggetto,
  stato: t.stato,
  assegnato_a: t.assegnato_a?.full_name ?? "",
  messaggi: t.messaggi.length,
});

const anomaliaOf = (id: unknown) => db.anomalie.find((a) => a.id === Number(id));
const anomaliaNotFound = () => refuse(404, "Anomalia non trovata");

const anomaliaRow = (a: Anomalia) => ({
  id: a.id,
  nuova: a.letta_il === null && a.stato === "aperta",
  data_ora: a.data_ora,
  tipo: a.tipo,
  descrizione: a.descrizione,
  operatore: a.operatore.full_name,
  operatore_id: a.operatore.id,
  cliente: a.turno.cliente,
  servizio: a.turno.servizio,
  giorno: a.turno.giorno,
  stato: a.stato,
  gestita_da: a.gestita_da?.full_name ?? "",
  note: a.note,
});

const allarmeOf = (id: unknown) => db.allarmi.find((a) => a.id === Number(id));
const allarmeNotFound = () => refuse(404, "Allarme non trovato");

const allarmeRow = (a: Allarme) => ({
  id: a.id,
  ricevuto_il: a.ricevuto_il,
  data_ora: a.data_ora,
  operatore: a.operatore.full_name,
  operatore_id: a.operatore.id,
  cliente: a.turno?.cliente ?? "",
  servizio: a.turno?.servizio ?? "",
  silenzioso: a.silenzioso,
  posizione: a.lat === null ? "Posizione non disponibile" : `${a.lat}, ${a.lng} (±${a.accuratezza} m)`,
  stato: a.stato,
  preso_da: a.preso_da?.full_name ?? "",
  preso_il: a.preso_il,
  chiuso_da: a.chiuso_da?.full_name ?? "",
  chiuso_il: a.chiuso_il,
  escalato: a.escalato_il !== null,
  note: a.note,
});

const allarmiAperti = () => {
  const results = db.allarmi.filter((a) => a.stato === "aperto");
  return { versione: results.length ? results.map((a) => a.id).join(",") : "0", results };
};

const relazioneOf = (id: unknown) => db.relazioni.find((r) => r.id === Number(id));
const relazioneNotFound = () => refuse(404, "Relazione di servizio non trovata");
const relazioneApprovata = () => refuse(409, "La relazione è già approvata: non si può più modificare");

const relazioneRow = (r: Relazione) => {
  const v = r.versioni.at(-1) as RelazioneVersione;
  return {
    id: r.id,
    ricevuto_il: r.ricevuto_il,
    accaduto_il: v.accaduto_il,
    operatore: r.operatore.full_name,
    operatore_id: r.operatore.id,
    cliente: r.turno?.cliente ?? "",
    servizio: r.turno?.servizio ?? "",
    provincia: r.provincia,
    categoria: v.categoria,
    gravita: v.gravita,
    luogo: v.luogo,
    stato: r.stato,
    rilevante: r.rilevante,
    versioni: r.versioni.length,
    foto: r.foto.length,
  };
};

// The signed-in user of the mocks (Marco Rossi) takes and closes.
const MARCO = { id: 1, full_name: "Marco Rossi" };

const comunicazioneOf = (id: unknown) => db.comunicazioni.find((c) => c.id === Number(id));
const comunicazioneNotFound = () => refuse(404, "Comunicazione non trovata");

const comunicazioneRow = (c: Comunicazione) => ({
  id: c.id,
  inviata_il: c.inviata_il,
  oggetto: c.oggetto,
  destinatari: c.destinatari,
  qualifica: c.posizione?.descrizione ?? "",
  totale: c.totali.destinatari,
  consegnate: c.totali.consegnate,
  lette: c.totali.lette,
  allegato: c.allegato !== null,
  inviata_da: c.inviata_da?.full_name ?? "",
});

/** The fields of a multipart form (the SPA always sends one) or of a JSON {data}. */
async function comunicazioneFields(request: Request): Promise<Record<string, unknown>> {
  if ((request.headers.get("content-type") ?? "").includes("multipart/form-data")) {
    const form = await request.formData();
    const file = form.get("allegato");
    return { ...Object.fromEntries([...form.entries()].filter(([k]) => k !== "allegato")), allegato: file };
  }
  return (await dataOf(request)) as Record<string, unknown>;
}

export const consoleHandlers = [
  mockCall(notifiche.problemiAttivi, () => HttpResponse.json(db.problemi)),
  mockCall(notifiche.ticketSummary, () => HttpResponse.json({ result: db.ticketNonLetti })),
  mockListCall(ticket.ticketList, () => db.tickets.map(row)),
  mockListCall(attivitaCalls.attivitaList, () => db.attivita),
  // HR sets a guard's app credentials: a generated password when none is sent.
  mockCall(credenzialiAppCalls.impostaCredenzialiApp, async ({ params, request }) => {
    const data = (await dataOf(request)) as { username: string; password?: string; password_utente?: string };
    if (!data.password_utente)
      return HttpResponse.json(
        {
          detail: "Si è verificato un errore di validazione. Controlla i campi contrassegnati e riprova",
          errors: { password_utente: "Inserisci la tua password per confermare" },
        },
        { status: 400 },
      );
    return HttpResponse.json({
      result: "OK" as const,
      operatore_id: Number(params.id),
      username: data.username,
      ...(data.password ? {} : { password: "Gener4taPassw0rd" }),
    });
  }),
  mockCall(ticket.assegnatari, () => HttpResponse.json(db.assegnatari)),
  mockCall(ticket.ticket, ({ params }) => {
    const t = ticketOf(params.id);
    return t ? HttpResponse.json(t) : notFound();
  }),
  mockCall(ticket.ticketFoto, ({ params }) =>
    ticketOf(params.id)?.foto
      ? new HttpResponse(new Uint8Array([0x52, 0x49, 0x46, 0x46]), {
          headers: { "content-type": "image/webp", "content-disposition": 'attachment; filename="foto.webp"' },
        })
      : refuse(404, "Il ticket non ha una foto"),
  ),
  mockCall(ticket.segnaTicketLetto, ({ params }) => {
    const t = ticketOf(params.id);
    if (!t) return notFound();
    t.letto_il ??= "2026-03-10 09:00:00";
    t.letto_da ??= { id: 1, full_name: "Marco Rossi" };
    db.problemi = db.problemi.filter((p) => (p.fonte ?? "ticket") !== "ticket" || p.id !== t.id);
    return HttpResponse.json({ result: "OK" as const, id: t.id, letto_il: t.letto_il, letto_da: t.letto_da });
  }),
  mockCall(ticket.aggiornaTicket, async ({ params, request }) => {
    const t = ticketOf(params.id);
    if (!t) return notFound();
    const data = (await dataOf(request)) as { stato?: Ticket["stato"]; assegnato_a?: number | null };
    if (data.stato !== undefined) t.stato = data.stato;
    if (data.assegnato_a !== undefined)
      t.assegnato_a =
        data.assegnato_a === null ? null : (db.assegnatari.find((a) => a.id === data.assegnato_a) ?? null);
    return HttpResponse.json(t);
  }),
  mockCall(ticket.rispondiTicket, async ({ params, request }) => {
    const t = ticketOf(params.id);
    if (!t) return notFound();
    const data = (await dataOf(request)) as { testo: string };
    t.messaggi.push({
      id: t.messaggi.length + 100,
      data_ora: "2026-03-10 09:05:00",
      autore: "ufficio",
      nome: "Marco Rossi",
      testo: data.testo,
    });
    return HttpResponse.json(t);
  }),
  mockListCall(relazioni.relazioniList, () => db.relazioni.map(relazioneRow)),
  mockCall(relazioni.relazione, ({ params }) => {
    const r = relazioneOf(params.id);
    return r ? HttpResponse.json(r) : relazioneNotFound();
  }),
  mockCall(relazioni.relazioneFoto, ({ params }) =>
    relazioneOf(params.id)?.foto.includes(String(params.file))
      ? new HttpResponse(new Uint8Array([0x52, 0x49, 0x46, 0x46]), {
          headers: { "content-type": "image/webp", "content-disposition": 'attachment; filename="foto.webp"' },
        })
      : refuse(404, "Foto non trovata"),
  ),
  mockCall(relazioni.aggiornaRelazione, async ({ params, request }) => {
    const r = relazioneOf(params.id);
    if (!r) return relazioneNotFound();
    if (r.stato === "approvata") return relazioneApprovata();
    const data = (await dataOf(request)) as { rilevante?: boolean };
    if (data.rilevante !== undefined) r.rilevante = data.rilevante;
    return HttpResponse.json(r);
  }),
  mockCall(relazioni.modificaRelazione, async ({ params, request }) => {
    const r = relazioneOf(params.id);
    if (!r) return relazioneNotFound();
    if (r.stato === "approvata") return relazioneApprovata();
    const data = (await dataOf(request)) as Omit<RelazioneVersione, "versione" | "autore" | "creata_il">;
    r.versioni.push({
      ...data,
      accaduto_il: data.accaduto_il.slice(0, 19).replace("T", " "),
      provvedimenti: data.provvedimenti ?? "",
      versione: r.versioni.length + 1,
      autore: MARCO,
      creata_il: "2026-03-10 09:00:00",
    });
    return HttpResponse.json(r, { status: 201 });
  }),
  mockCall(relazioni.approvaRelazione, ({ params }) => {
    const r = relazioneOf(params.id);
    if (!r) return relazioneNotFound();
    if (r.stato === "approvata") return relazioneApprovata();
    Object.assign(r, { stato: "approvata", approvata_da: MARCO, approvata_il: "2026-03-10 09:05:00" });
    return HttpResponse.json(r);
  }),
  mockListCall(fogli.fogliNotizieList, () => db.fogliNotizie),
  mockCall(fogli.generaFoglioNotizie, async ({ request }) => {
    const { giorno } = (await dataOf(request)) as { giorno: string };
    const emissione = db.fogliNotizie.filter((f) => f.giorno === giorno && f.provincia === "MI").length + 1;
    const fatti = db.relazioni.filter((r) => r.rilevante && r.versioni.at(-1)?.accaduto_il.startsWith(giorno)).length;
    const f = { id: db.fogliNotizie.length + 1, giorno, provincia: "MI", emissione, fatti };
    db.fogliNotizie.unshift({
      ...f,
      generato_il: "2026-03-10 09:00:00",
      generato_da: MARCO.full_name,
      scaricato: 0,
      ultimo_download: "",
    });
    return HttpResponse.json({ results: [f] }, { status: 201 });
  }),
  mockCall(fogli.foglioNotiziePdf, ({ params }) => {
    const f = db.fogliNotizie.find((x) => x.id === Number(params.id));
    if (!f) return refuse(404, "Foglio notizie non trovato");
    f.scaricato += 1;
    f.ultimo_download = `${MARCO.full_name}, 10/03/2026 09:00`;
    return new HttpResponse(new TextEncoder().encode("%PDF-1.3\n%%EOF\n"), {
      headers: { "content-type": "application/pdf", "content-disposition": 'attachment; filename="foglio.pdf"' },
    });
  }),
  mockCall(fogli.fogliNotizieImpostazioni, () => HttpResponse.json(db.fogliImpostazioni)),
  mockCall(fogli.aggiornaFogliNotizieImpostazioni, async ({ request }) => {
    const data = (await dataOf(request)) as { licenza?: string; province?: string[] };
    Object.assign(db.fogliImpostazioni, {
      ...(data.licenza !== undefined ? { licenza: data.licenza } : {}),
      ...(data.province ? { province: [...new Set(data.province)].sort() } : {}),
    });
    return HttpResponse.json(db.fogliImpostazioni);
  }),
  mockListCall(allarmi.allarmiList, () => db.allarmi.map(allarmeRow)),
  // The live wait: at once when the version differs, otherwise it waits (the test ends it).
  mockCall(allarmi.allarmiAperti, async ({ request }) => {
    const versione = new URL(request.url).searchParams.get("versione");
    const now = allarmiAperti();
    if (versione === now.versione) await delay("infinite");
    return HttpResponse.json(now);
  }),
  mockCall(allarmi.allarme, ({ params }) => {
    const a = allarmeOf(params.id);
    return a ? HttpResponse.json(a) : allarmeNotFound();
  }),
  mockCall(allarmi.prendiAllarme, ({ params }) => {
    const a = allarmeOf(params.id);
    if (!a) return allarmeNotFound();
    Object.assign(a, { stato: "preso_in_carico", preso_da: MARCO, preso_il: "2026-03-10 09:00:00" });
    return HttpResponse.json(a);
  }),
  mockCall(allarmi.chiudiAllarme, async ({ params, request }) => {
    const a = allarmeOf(params.id);
    if (!a) return allarmeNotFound();
    const data = (await dataOf(request)) as { note?: string };
    Object.assign(a, {
      stato: "chiuso",
      chiuso_da: MARCO,
      chiuso_il: "2026-03-10 09:10:00",
      note: data.note ?? a.note,
    });
    a.preso_da ??= MARCO;
    a.preso_il ??= "2026-03-10 09:10:00";
    return HttpResponse.json(a);
  }),
  mockListCall(anomalie.anomalieList, () => db.anomalie.map(anomaliaRow)),
  mockCall(anomalie.anomalia, ({ params }) => {
    const a = anomaliaOf(params.id);
    return a ? HttpResponse.json(a) : anomaliaNotFound();
  }),
  mockCall(anomalie.segnaAnomaliaLetta, ({ params }) => {
    const a = anomaliaOf(params.id);
    if (!a) return anomaliaNotFound();
    a.letta_il ??= "2026-03-10 09:00:00";
    a.letta_da ??= { id: 1, full_name: "Marco Rossi" };
    db.problemi = db.problemi.filter((p) => p.fonte !== "anomalia" || p.id !== a.id);
    return HttpResponse.json({ result: "OK" as const, id: a.id, letta_il: a.letta_il, letta_da: a.letta_da });
  }),
  // Whoever saves handles it: the signed-in user of the mocks is Marco Rossi.
  mockCall(anomalie.aggiornaAnomalia, async ({ params, request }) => {
    const a = anomaliaOf(params.id);
    if (!a) return anomaliaNotFound();
    const data = (await dataOf(request)) as { stato?: Anomalia["stato"]; note?: string };
    if (data.stato !== undefined) a.stato = data.stato;
    if (data.note !== undefined) a.note = data.note;
    a.gestita_da = { id: 1, full_name: "Marco Rossi" };
    a.gestita_il = "2026-03-10 09:10:00";
    return HttpResponse.json(a);
  }),
  mockListCall(comunicazioni.comunicazioniList, () => db.comunicazioni.map(comunicazioneRow)),
  // Sent to the two operators of the fixtures, whoever was chosen (the recipients are the server's business).
  mockCall(comunicazioni.inviaComunicazione, async ({ request }) => {
    const f = await comunicazioneFields(request);
    const file = f.allegato as File | null | undefined;
    const c: Comunicazione = {
      id: Math.max(0, ...db.comunicazioni.map((x) => x.id)) + 1,
      oggetto: String(f.oggetto ?? ""),
      testo: String(f.testo ?? ""),
      destinatari: (f.destinatari ?? "tutti") as ComunicazioneDestinatari,
      posizione: null,
      allegato: file && typeof file === "object" ? { nome: file.name, mime: file.type || "application/pdf" } : null,
      inviata_il: "2026-03-10 09:15:00",
      inviata_da: { id: 1, full_name: "Marco Rossi" },
      promemoria_il: null,
      totali: { destinatari: 2, consegnate: 0, lette: 0 },
    };
    db.comunicazioni.unshift(c);
    db.destinatari[c.id] = (db.destinatari[db.comunicazioni[1]?.id] ?? []).map((d) => ({
      ...d,
      letta: false,
      consegnata_il: null,
      letta_il: null,
      promemoria_il: null,
      promemoria: 0,
    }));
    return HttpResponse.json(c, { status: 201 });
  }),
  mockCall(comunicazioni.comunicazione, ({ params }) => {
    const c = comunicazioneOf(params.id);
    return c ? HttpResponse.json(c) : comunicazioneNotFound();
  }),
  mockListCall(comunicazioni.destinatariList, ({ id }) => db.destinatari[Number(id)] ?? []),
  mockCall(comunicazioni.comunicazioneAllegato, ({ params }) =>
    comunicazioneOf(params.id)?.allegato
      ? new HttpResponse(new TextEncoder().encode("%PDF-1.4\n"), {
          headers: { "content-type": "application/pdf", "content-disposition": 'attachment; filename="allegato.pdf"' },
        })
      : refuse(404, "La comunicazione non ha allegati"),
  ),
  mockCall(comunicazioni.inviaPromemoria, ({ params }) => {
    const c = comunicazioneOf(params.id);
    if (!c) return comunicazioneNotFound();
    const others = (db.destinatari[c.id] ?? []).filter((d) => d.letta_il === null);
    for (const d of others) {
      d.promemoria += 1;
      d.promemoria_il = "2026-03-10 09:20:00";
    }
    if (others.length) c.promemoria_il = "2026-03-10 09:20:00";
    return HttpResponse.json({ result: "OK" as const, destinatari: others.length });
  }),
];
