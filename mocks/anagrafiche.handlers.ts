/**
 * /api/anagrafiche/: operators (list, record and quick view, tabs, availability, files), clients
 * with sites and contacts, candidates and the public application form, provinces, geocoding —
 * lists from their declarations, the rest generic CRUD over the store.
 */

import { HttpResponse, http } from "msw";
import { STATO_CANDIDATO_LABELS } from "../src/domain/candidato";
import { CandidatiList, CandidatoRow } from "../src/domain/contracts/anagrafiche/candidati";
import { candidatoRecord } from "../src/domain/contracts/anagrafiche/candidati-record";
import { ClienteRow, ClientiList } from "../src/domain/contracts/anagrafiche/clienti";
import { clienteRecord } from "../src/domain/contracts/anagrafiche/clienti-record";
import { contattiCliente, sediCliente } from "../src/domain/contracts/anagrafiche/clienti-righe";
import { OperatoriList } from "../src/domain/contracts/anagrafiche/operatori";
import { operatoreRecord } from "../src/domain/contracts/anagrafiche/operatori-record";
import { GIORNI_SETTIMANA } from "../src/domain/operatore";
import { PROVINCE, provinceApi } from "../src/domain/province";
import { mockChild, mockRecord } from "./calls";
import { crud } from "./crud";
import { SETTINGS } from "./fixtures/auth";
import { api, dataOf, type Params, type Row, refuse } from "./http";
import { listHandler } from "./list";
import { db } from "./store";

const A = "anagrafiche";
const operatore = (p: Params) => db.operatori.find((o) => o.id === Number(p.id));
const cliente = (p: Params) => db.clienti.find((c) => c.id === Number(p.id));
const withWarnings = (row: object) => ({ ...row, warnings: [] });

const TABS = ["documenti", "corsi", "contratti", "compensi", "pratiche", "indisponibilita"] as const;

/** 1×1 PNG: every stored file (photos, scans) of the mocks. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);

export const anagraficheHandlers = [
  listHandler(`${A}/operatori/`, OperatoriList, () => db.operatoriList),
  http.get(api(`${A}/operatori/:rowId/`), ({ request, params }) => {
    if (new URL(request.url).searchParams.get("quick_view") !== "true") return undefined;
    const card = db.quickViews.find((q) => q.id === Number(params.rowId));
    return card ? HttpResponse.json(card) : refuse(404, "Operatore non trovato");
  }),
  ...mockRecord(operatoreRecord, { rows: () => db.operatori, template: () => db.operatori[1] }),
  ...TABS.flatMap((tab) =>
    crud(`${A}/operatori/:id/${tab}`, {
      rows: (p) => operatore(p)?.[tab] as { id: number }[] | undefined,
      template: () => (db.operatori[0][tab] as { id: number }[])[0],
    }),
  ),
  http.get(api(`${A}/operatori/:id/disponibilita/`), ({ params }) => {
    const op = operatore(params);
    return op ? HttpResponse.json(op.disponibilita) : refuse(404, "Operatore non trovato");
  }),
  http.put(api(`${A}/operatori/:id/disponibilita/`), async ({ request, params }) => {
    const op = operatore(params);
    if (!op) return refuse(404, "Operatore non trovato");
    op.disponibilita = (await dataOf(request)) as unknown as NonNullable<typeof op.disponibilita>;
    return HttpResponse.json(op.disponibilita);
  }),
  http.get(api(`${A}/files/:fileId/`), () => new HttpResponse(PNG, { headers: { "Content-Type": "image/png" } })),

  listHandler(`${A}/clienti/`, ClientiList, () =>
    db.clienti.map((c) => ClienteRow.parse({ ...c, sedi: c.sedi.length })),
  ),
  ...mockRecord(clienteRecord, { rows: () => db.clienti, template: () => db.clienti[1], saved: withWarnings }),
  ...mockChild(sediCliente, {
    rows: (p) => cliente(p)?.sedi,
    template: () => db.clienti[0].sedi[0],
    saved: withWarnings,
  }),
  ...mockChild(contattiCliente, { rows: (p) => cliente(p)?.contatti, template: () => db.clienti[0].contatti[0] }),

  listHandler(`${A}/candidati/`, CandidatiList, () =>
    db.candidati.map((c) =>
      CandidatoRow.parse({
        ...c,
        posizioni: c.posizioni_desiderate.map((p) => p.descrizione),
        cv: c.cv !== null,
        stato_label: STATO_CANDIDATO_LABELS[c.stato],
      }),
    ),
  ),
  ...mockRecord(candidatoRecord, { rows: () => db.candidati, template: () => db.candidati[1] }),
  http.get(api(`${A}/candidature/opzioni/`), () =>
    HttpResponse.json({
      posizioni: SETTINGS.posizioni,
      giorni: GIORNI_SETTIMANA.map((nome, i) => ({ id: i + 1, nome })),
      province: PROVINCE.map((p) => ({ name: p.nome, abbr: p.sigla })),
    }),
  ),
  http.post(api(`${A}/candidature/`), () =>
    HttpResponse.json(
      { result: "OK", detail: "Grazie! La tua candidatura è stata inviata correttamente." },
      { status: 201 },
    ),
  ),

  http.get(api(`${A}/province/`), () => HttpResponse.json(provinceApi())),
  http.get(api(`${A}/geocoding/`), () => HttpResponse.json({ lat: 45.6983, lng: 9.6773 } satisfies Row)),
];
