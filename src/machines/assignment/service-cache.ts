/**
 * What a settled assignment call changes in a loaded service, applied to RTK Query's cached copies
 * right away (the grid's service, the advanced page's ranked rows), with the operator states of
 * ./operator-status.ts; and the service's full reload, which resolves when every cached query of
 * the service has been fetched again.
 */
import type { Candidato } from "../../api/pianificazione/assegnazione.endpoints";
import { assegnazioneApi } from "../../api/pianificazione/assegnazione.endpoints";
import type { Turno } from "../../api/pianificazione/servizi.endpoints";
import { type ServizioArgs, serviziApi } from "../../api/pianificazione/servizi.endpoints";
import type { AppStore } from "../../lib/store-types";
import { type OperatorStatus, setInCandidati, setOnTurno, statusOf } from "./operator-status";

type Id = number | string;

/** Where the change happened: a shift, or every shift of a day. */
export interface ChangeScope {
  idServizio: Id;
  idGiorno: Id;
  idTurno: Id | null;
}

/** The same change on the two shapes of the data. */
export interface ShiftEdit {
  turno: (t: Pick<Turno, "operatori">) => void;
  candidati: (rows: Candidato[]) => void;
}

/** One operator put in a status. */
export function operatorEdit(op: { id: number; cognome: string; nome: string }, status: OperatorStatus): ShiftEdit {
  return {
    turno: (t) => setOnTurno(t, op, status),
    candidati: (rows) => setInCandidati(rows, op.id, status),
  };
}

/** Every assignment confirmed (consolidation). */
export const confirmAllEdit: ShiftEdit = {
  turno: (t) => {
    for (const o of [...t.operatori]) setOnTurno(t, o, "confirmed");
  },
  candidati: (rows) => {
    for (const r of rows) if (statusOf(r) !== "notAssigned") setInCandidati(rows, r.id, "confirmed");
  },
};

/** Every assignment confirmed but the (shift, operator) pairs the server skipped (a period confirmation). */
export function confirmAllBut(skipped: { turno_id: number; operatore_id: number }[]): (t: Turno) => void {
  const keep = new Set(skipped.map((x) => `${x.turno_id}:${x.operatore_id}`));
  return (t) => {
    for (const o of [...t.operatori]) if (!keep.has(`${t.id}:${o.id}`)) setOnTurno(t, o, "confirmed");
  };
}

/** The same edit on every shift of the service's days from dal to al in the cached services. */
export function patchServicePeriod(
  store: AppStore,
  period: { idServizio: Id; dal: string; al: string },
  edit: (t: Turno) => void,
): void {
  for (const arg of serviziApi.util.selectCachedArgsForQuery(store.getState(), "servizio") as ServizioArgs[]) {
    if (!same(arg.idServizio, period.idServizio)) continue;
    store.dispatch(
      serviziApi.util.updateQueryData("servizio", arg, (draft) => {
        for (const g of draft.giorni)
          if (g.giorno >= period.dal && g.giorno <= period.al) for (const t of g.turni) edit(t);
      }),
    );
  }
}

const same = (a: Id, b: Id) => String(a) === String(b);
const inScope = (scope: ChangeScope, idTurno: Id) => scope.idTurno === null || same(scope.idTurno, idTurno);

export function patchServiceCache(store: AppStore, scope: ChangeScope, edit: ShiftEdit): void {
  const state = store.getState();
  for (const arg of serviziApi.util.selectCachedArgsForQuery(state, "servizio") as ServizioArgs[]) {
    if (!same(arg.idServizio, scope.idServizio)) continue;
    store.dispatch(
      serviziApi.util.updateQueryData("servizio", arg, (draft) => {
        for (const g of draft.giorni)
          if (same(g.id, scope.idGiorno)) for (const t of g.turni) if (inScope(scope, t.id)) edit.turno(t);
      }),
    );
  }
  const util = assegnazioneApi.util;
  for (const arg of util.selectCachedArgsForQuery(state, "candidatiTurno")) {
    if (!same(arg.idServizio, scope.idServizio) || !same(arg.idGiorno, scope.idGiorno) || !inScope(scope, arg.idTurno))
      continue;
    store.dispatch(util.updateQueryData("candidatiTurno", arg, (draft) => edit.candidati(draft.results)));
  }
  for (const arg of util.selectCachedArgsForQuery(state, "candidatiGiorno")) {
    if (!same(arg.idServizio, scope.idServizio) || !same(arg.idGiorno, scope.idGiorno)) continue;
    store.dispatch(
      util.updateQueryData("candidatiGiorno", arg, (draft) => {
        for (const t of draft.turni) if (inScope(scope, t.id)) edit.candidati(t.results);
      }),
    );
  }
}

interface Refetchable {
  initiate(arg: unknown, opts: { subscribe: boolean; forceRefetch: boolean }): unknown;
}

/** Fetches every cached query of the service again (grid months, ranked rows…); resolves when all have arrived. */
export async function refetchService(store: AppStore, idServizio: Id): Promise<void> {
  // Every module's endpoints are injected into the one api: look the query up by its name.
  const api = serviziApi;
  const entries = api.util.selectInvalidatedBy(store.getState(), [{ type: "Servizio", id: Number(idServizio) }]);
  await Promise.all(
    entries.map(({ endpointName, originalArgs }) => {
      const endpoint = (api.endpoints as unknown as Record<string, Refetchable>)[endpointName];
      const request = store.dispatch(
        endpoint.initiate(originalArgs, { subscribe: false, forceRefetch: true }) as never,
      ) as unknown as { unwrap(): Promise<unknown> };
      return request.unwrap();
    }),
  );
}
