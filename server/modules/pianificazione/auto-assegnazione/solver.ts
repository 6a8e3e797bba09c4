/**
 * HiGHS (the MIP/LP solver compiled to WebAssembly), loaded once per thread on first use (~40 ms).
 * A proposal runs in a thread of its own (calcolo.ts), which loads it and ends with the proposal:
 * a solve that throws cannot leave a broken instance to the next one.
 */
import loadHighs from "highs";
import type { Solver } from "./modello";

let loading: Promise<Solver> | null = null;

export function solver(): Promise<Solver> {
  loading ??= loadHighs() as unknown as Promise<Solver>;
  return loading;
}
