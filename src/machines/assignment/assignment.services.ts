/**
 * The real calls of the assignment machine: RTK Query mutations through the store, the cached
 * service patched on success (./service-cache.ts), the full reload as a re-fetch of the service's
 * queries that resolves when the data have arrived.
 */
import type { FetchBaseQueryError } from "@reduxjs/toolkit/query";
import { assegnazioneApi } from "../../api/pianificazione/assegnazione.endpoints";
import type { AppStore } from "../../lib/store-types";
import type { Announcement, AssignmentCalls, Notice } from "../assignment.machine";
import { STATUS_AFTER, statusOnTurno } from "./operator-status";
import {
  confirmAllBut,
  confirmAllEdit,
  operatorEdit,
  patchServiceCache,
  patchServicePeriod,
  refetchService,
} from "./service-cache";

/** The RTK Query error as plain data the machine keeps (status, detail, reason). */
function rethrow(err: unknown): never {
  throw err as FetchBaseQueryError;
}

const nameOf = (call: { idOperatore: number; display?: { cognome: string; nome: string } }) => ({
  id: call.idOperatore,
  cognome: call.display?.cognome ?? "",
  nome: call.display?.nome ?? `#${call.idOperatore}`,
});

export interface AssignmentFeedback {
  notify?: (notice: Notice) => void;
  announce?: (announcement: Announcement) => void;
}

export function assignmentCalls(store: AppStore, feedback: AssignmentFeedback = {}): AssignmentCalls {
  const endpoints = assegnazioneApi.endpoints;
  return {
    async assign(call, add) {
      const result = await store
        .dispatch(endpoints.assignOperatore.initiate({ ...call, add }))
        .unwrap()
        .catch(rethrow);
      patchServiceCache(store, call, operatorEdit(nameOf(call), STATUS_AFTER[add ? "assign" : "unassign"]));
      return result ?? {};
    },
    async confirm(call, confirm) {
      const result = await store
        .dispatch(endpoints.confirmOperatore.initiate({ ...call, confirm }))
        .unwrap()
        .catch(rethrow);
      patchServiceCache(store, call, operatorEdit(nameOf(call), STATUS_AFTER[confirm ? "confirm" : "unconfirm"]));
      return result ?? {};
    },
    async bulkAssign(call) {
      const result = await store.dispatch(endpoints.bulkAssign.initiate(call)).unwrap().catch(rethrow);
      for (const a of result.assegnati) patchServiceCache(store, call, operatorEdit(a, statusOnTurno(a)));
      return result;
    },
    async consolidate({ idTurno, ...day }) {
      const result =
        idTurno === undefined
          ? await store.dispatch(endpoints.consolidaGiorno.initiate(day)).unwrap().catch(rethrow)
          : await store
              .dispatch(endpoints.consolidaTurno.initiate({ ...day, idTurno }))
              .unwrap()
              .catch(rethrow);
      patchServiceCache(store, { ...day, idTurno: idTurno ?? null }, confirmAllEdit);
      return result;
    },
    async confirmPeriod(call) {
      const result = await store.dispatch(endpoints.consolidaPeriodo.initiate(call)).unwrap().catch(rethrow);
      patchServicePeriod(store, call, confirmAllBut(result.saltati));
      return result;
    },
    // The shifts it changed are not patched: the reload right after it brings them (the report says which).
    operatorPeriod: (call) => store.dispatch(endpoints.operatorePeriodo.initiate(call)).unwrap().catch(rethrow),
    reload: ({ idServizio }) => refetchService(store, idServizio),
    ...feedback,
  };
}
