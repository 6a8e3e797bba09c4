import { useEffect, useMemo, useRef } from "react";

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Calls at once with the last arguments still waiting, if any. */
  flush: () => void;
}

/** A function that calls `fn` once calls have stopped for `ms` milliseconds (cancelled on unmount). */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, ms: number): Debounced<A> {
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const waiting = useRef<A | null>(null);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      waiting.current = null;
    },
    [],
  );
  return useMemo(() => {
    const run = () => {
      clearTimeout(timer.current);
      const args = waiting.current;
      waiting.current = null;
      if (args) fnRef.current(...args);
    };
    const debounced = ((...args: A) => {
      clearTimeout(timer.current);
      waiting.current = args;
      timer.current = setTimeout(run, ms);
    }) as Debounced<A>;
    debounced.flush = run;
    return debounced;
  }, [ms]);
}
