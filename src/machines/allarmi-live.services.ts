/**
 * The header's live alarms, the real calls (written with fetch and type-only imports: the shell must
 * not bring zod into the back office's first load, test/e2e/web-bytes.test.ts):
 * - `attendi`: GET /api/comunicazioni/allarmi/aperti/?versione=… (answers when they change, or ~25 s);
 * - `prendi`: POST /api/comunicazioni/allarmi/{id}/prendi/ ("Prendi in carico").
 * A 401 ends the session as any call does (api/base.ts); stopping the actor aborts the wait.
 */
import { fromPromise } from "xstate";
import { apiUrl, noticeRefusedToken } from "../api/base";
import { tokenStorage } from "../api/token-storage";
import type { ApiErrorBody } from "../domain/contracts/common";
import { type AllarmiAttesa, allarmiLiveMachine, PERMESSO_NEGATO } from "./allarmi-live.machine";

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const token = tokenStorage.get();
  const res = await fetch(apiUrl(path), {
    ...init,
    headers: token ? { Authorization: `Token ${token}` } : {},
    cache: "no-store",
  });
  noticeRefusedToken(res.status);
  if (res.status === 403) throw new Error(PERMESSO_NEGATO);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as Partial<ApiErrorBody> | null;
    throw new Error(body?.detail ?? `Errore ${res.status}`);
  }
  return res;
}

export const attendiAllarmi = fromPromise<AllarmiAttesa, { versione: string | undefined }>(
  async ({ input, signal }) => {
    const q = input.versione === undefined ? "" : `?versione=${encodeURIComponent(input.versione)}`;
    return (await call(`comunicazioni/allarmi/aperti/${q}`, { signal })).json();
  },
);

export const prendiAllarme = fromPromise<void, { id: number }>(async ({ input }) => {
  await call(`comunicazioni/allarmi/${input.id}/prendi/`, { method: "POST" });
});

export const appAllarmiLiveMachine = allarmiLiveMachine.provide({
  actors: { attendi: attendiAllarmi, prendi: prendiAllarme },
});
