/**
 * HiGHS (the MIP/LP solver compiled to WebAssembly), loaded once per process on first use
 * (~40 ms). A solve that throws may leave the WebAssembly instance unusable: `nuovoSolver()`
 * drops it so the next call loads a fresh one.
 */
import loadHighs from "highs";
import type { Solver } from "./modello";

let loading: Promise<Solver> | null = null;

export function solver(): Promise<Solver> {
  loading ??= loadHighs() as unknown as Promise<Solver>;
  return loading;
}

export function nuovoSolver(): void {
  loading = null;
}
