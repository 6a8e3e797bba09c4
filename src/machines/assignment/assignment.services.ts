/**
 * The real calls of the assignment machine: RTK Query mutations through the store, the cached
 * service patched on success, the full reload as a re-fetch of the service's queries.
 */
import type { FetchBaseQueryError } from "@reduxjs/toolkit/query";
import { type OperatorCall, pianificazioneApi, type ServizioArgs } from "../../api/pianificazione.endpoints";
import type { AppStore } from "../../app/store";
import type { AssignmentCalls, Notice } from "../assignment.machine";
import { type AssignmentChange, patchCandidati, patchServizio } from "./servizio-patch";

function patchCache(store: AppStore, call: OperatorCall, change: AssignmentChange) {
  const util = pianificazioneApi.util;
  const state = store.getState();
  const sameService = (a: { idServizio: number | string }) => String(a.idServizio) === String(call.idServizio);
  for (const arg of util.selectCachedArgsForQuery(state, "servizio") as ServizioArgs[]) {
    if (!sameService(arg)) continue;
    store.dispatch(util.updateQueryData("servizio", arg, (draft) => patchServizio(draft, call, change)));
  }
  // The advanced-assignment rows show the change at once too (the reload brings the rest).
  for (const arg of util.selectCachedArgsForQuery(state, "candidatiTurno")) {
    if (!sameService(arg) || String(arg.idTurno) !== String(call.idTurno)) continue;
    store.dispatch(util.updateQueryData("candidatiTurno", arg, (draft) => patchCandidati(draft.results, call, change)));
  }
  for (const arg of util.selectCachedArgsForQuery(state, "candidatiGiorno")) {
    if (!sameService(arg)) continue;
    store.dispatch(
      util.updateQueryData("candidatiGiorno", arg, (draft) => {
        const turno = draft.turni.find((t) => String(t.id) === String(call.idTurno));
        if (turno) patchCandidati(turno.results, call, change);
      }),
    );
  }
}

/** The RTK Query error as plain data the machine keeps (status, detail, reason). */
function rethrow(err: unknown): never {
  throw err as FetchBaseQueryError;
}

export function assignmentCalls(store: AppStore, notify?: (notice: Notice) => void): AssignmentCalls {
  return {
    async assign(call, add) {
      const result = await store
        .dispatch(pianificazioneApi.endpoints.assignOperatore.initiate({ ...call, add }))
        .unwrap()
        .catch(rethrow);
      patchCache(store, call, add ? "assign" : "unassign");
      return result ?? {};
    },
    async confirm(call, confirm) {
      const result = await store
        .dispatch(pianificazioneApi.endpoints.confirmOperatore.initiate({ ...call, confirm }))
        .unwrap()
        .catch(rethrow);
      patchCache(store, call, confirm ? "confirm" : "unconfirm");
      return result ?? {};
    },
    async reload({ idServizio }) {
      store.dispatch(pianificazioneApi.util.invalidateTags([{ type: "Servizio", id: Number(idServizio) }]));
    },
    notify,
  };
}
