/** /api/fatturazione/: the Consuntivo's list (ConsuntivoList over the fixture), its state, a correction, the approval. */
import { HttpResponse, http } from "msw";
import {
  type ApprovazioneData,
  ConsuntivoList,
  type RettificaData,
} from "../src/domain/contracts/fatturazione/consuntivo";
import { api } from "./http";
import { listHandler } from "./list";
import { db } from "./store";

const C = "fatturazione/consuntivo";

export const fatturazioneHandlers = [
  listHandler(`${C}/`, ConsuntivoList, () => db.consuntivo),
  http.get(api(`${C}/stato/`), () => HttpResponse.json(db.consuntivoStato)),
  http.post(api(`${C}/rettifiche/`), async ({ request }) => {
    const { data } = (await request.json()) as { data: RettificaData };
    const row = db.consuntivo.find((r) => r.id === data.turno_operatore);
    if (!row) return HttpResponse.json({ detail: "Assegnazione non trovata" }, { status: 404 });
    const lavorate = data.periodi.reduce((s, p) => s + (Date.parse(p.fine) - Date.parse(p.inizio)) / 1000, 0);
    Object.assign(row, { lavorate, fonte: "Rettifica", aperto: false, motivo: data.motivo });
    db.consuntivoStato.aperti = db.consuntivo.filter((r) => r.aperto).length;
    return HttpResponse.json(
      { id: 1, turno_operatore: row.id, lavorate, deroga: db.consuntivoStato.approvato },
      { status: 201 },
    );
  }),
  http.post(api(`${C}/approvazioni/`), async ({ request }) => {
    const { data } = (await request.json()) as { data: ApprovazioneData };
    Object.assign(db.consuntivoStato, {
      contratto: data.contratto,
      mese: data.mese,
      approvato: true,
      approvato_il: "2026-04-02 09:30:00",
      approvato_da: "Rossi Mario",
    });
    return HttpResponse.json(db.consuntivoStato);
  }),
];
