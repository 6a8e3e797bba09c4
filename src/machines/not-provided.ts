/**
 * The inert default of a machine's side effect: a promise actor that fails with "<name>: non
 * configurato". The app provides the real one (`machine.provide`), tests provide stubs.
 */
import { fromPromise } from "xstate";

export function notProvided<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name}: non configurato`);
  });
}
