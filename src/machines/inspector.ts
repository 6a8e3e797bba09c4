/**
 * The actor's `inspect` option: the trace recorders always, the XState inspector
 * (@statelyai/inspect, ESM-only, devDependency) only in development with XSTATE_INSPECT set.
 */
import type { InspectionEvent } from "xstate";
import type { TraceRecorder } from "./trace";

type Observer = { next?: (ev: InspectionEvent) => void };

let devObserver: Observer | null = null;
let loading: Promise<void> | null = null;

/** Loads the browser inspector once; does nothing in production or without XSTATE_INSPECT. */
export function loadDevInspector(): Promise<void> {
  if (process.env.NODE_ENV === "production" || !process.env.XSTATE_INSPECT) return Promise.resolve();
  if (!loading) {
    loading = import("@statelyai/inspect")
      .then(({ createBrowserInspector }) => {
        devObserver = createBrowserInspector().inspect as Observer;
      })
      .catch((err) => console.warn("Inspector XState non disponibile", err));
  }
  return loading;
}

export function combinedInspect(...recorders: TraceRecorder[]) {
  return (ev: InspectionEvent) => {
    for (const recorder of recorders) recorder.inspect(ev);
    devObserver?.next?.(ev);
  };
}
