import { useEffect, useMemo, useRef } from "react";

/** A function that calls `fn` once calls have stopped for `ms` milliseconds (cancelled on unmount). */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void {
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(
    () =>
      (...args: A) => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => fnRef.current(...args), ms);
      },
    [ms],
  );
}
