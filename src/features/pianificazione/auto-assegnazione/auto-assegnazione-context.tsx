/**
 * The automatic staffing actor (src/machines/auto-assegnazione.machine.ts) with the real calls,
 * traced as "auto-assegnazione:<scope>": `AutoAssegnazioneScope` creates one per screen (a
 * service's grid, the contracts list); the panel and the grid's cells read it. Outside a scope
 * (a cell rendered alone) there is no proposal.
 */
import { useActorRef, useSelector } from "@xstate/react";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from "react";
import { useStore } from "react-redux";
import type { ActorRefFrom } from "xstate";
import type { CellaProposta } from "../../../api/pianificazione/auto-assegnazione.endpoints";
import type { AppStore } from "../../../lib/store-types";
import {
  type AutoAssegnazioneMachine,
  cellKey,
  provideAutoAssegnazioneCalls,
} from "../../../machines/auto-assegnazione.machine";
import { autoAssegnazioneCalls } from "../../../machines/auto-assegnazione.services";
import { combinedInspect } from "../../../machines/inspector";
import { createTraceRecorder, unregisterTrace } from "../../../machines/trace";
import { usePlanReload } from "../assegnazione/assignment-context";

export type AutoAssegnazioneActor = ActorRefFrom<AutoAssegnazioneMachine>;

const Ctx = createContext<AutoAssegnazioneActor | null>(null);

export function AutoAssegnazioneScope({ scope, children }: { scope: string; children: ReactNode }) {
  const store = useStore() as AppStore;
  // An accepted proposal reloads its services as any change of the grid does (the assignment machine).
  const planReload = usePlanReload();
  const reloadRef = useRef(planReload);
  reloadRef.current = planReload;
  const logic = useMemo(
    () => provideAutoAssegnazioneCalls(autoAssegnazioneCalls(store, (servizi) => reloadRef.current(servizi))),
    [store],
  );
  const traceName = `auto-assegnazione:${scope}`;
  const recorder = useMemo(() => createTraceRecorder(traceName), [traceName]);
  useEffect(() => () => unregisterTrace(traceName), [traceName]);
  const actor = useActorRef(logic, { inspect: combinedInspect(recorder) });
  return <Ctx.Provider value={actor}>{children}</Ctx.Provider>;
}

export function useAutoAssegnazioneActor(): AutoAssegnazioneActor {
  const actor = useContext(Ctx);
  if (!actor) throw new Error("useAutoAssegnazioneActor fuori da AutoAssegnazioneScope");
  return actor;
}

const NONE: { cella: CellaProposta; scelta: boolean }[] = [];

/** The proposed cells of a shift while a proposal is shown, each with whether it is chosen. */
export function useProposteTurno(turnoId: number) {
  const actor = useContext(Ctx);
  return useSelector(
    actor ?? undefinedActor,
    (s) => {
      if (!s?.matches("proposal")) return NONE;
      const cells = s.context.proposta?.risultato?.celle.filter((c) => c.turno_id === turnoId) ?? [];
      return cells.length ? cells.map((cella) => ({ cella, scelta: s.context.scelte.includes(cellKey(cella)) })) : NONE;
    },
    (a, b) => a.length === b.length && a.every((x, i) => x.cella === b[i].cella && x.scelta === b[i].scelta),
  );
}

/** A stand-in when no scope is around: never emits. */
const undefinedActor = {
  subscribe: () => ({ unsubscribe: () => undefined }),
  getSnapshot: () => undefined,
} as unknown as AutoAssegnazioneActor;

/** Sends to the scope's actor, if any (the grid's cells outside a scope do nothing). */
export function useAutoAssegnazioneSend() {
  const actor = useContext(Ctx);
  return (e: Parameters<AutoAssegnazioneActor["send"]>[0]) => actor?.send(e);
}
