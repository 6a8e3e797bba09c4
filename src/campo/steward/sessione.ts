/**
 * The steward's sign-in kept on the phone (`/api/app/cms/login/`): the counting token, the event
 * with its gates and the gate chosen, so the counter reopens where it was after a reload or a
 * locked screen, with no network. Separate from the guard's (../token.ts).
 */
import type { AppCmsLoginOut } from "../../domain/contracts/cms/app";

export const ADDETTO_SESSION_KEY = "campoAddetto";

export interface SessioneAddetto extends AppCmsLoginOut {
  varco_id: number | null;
}

export const addettoStorage = {
  get(): SessioneAddetto | null {
    try {
      const raw = localStorage.getItem(ADDETTO_SESSION_KEY);
      const s = raw ? (JSON.parse(raw) as SessioneAddetto) : null;
      // The token stops working when the counting window closes.
      return s && new Date(s.scade_il).getTime() > Date.now() ? s : null;
    } catch {
      return null;
    }
  },
  set(s: SessioneAddetto): void {
    localStorage.setItem(ADDETTO_SESSION_KEY, JSON.stringify(s));
  },
  clear(): void {
    try {
      localStorage.removeItem(ADDETTO_SESSION_KEY);
    } catch {
      /* storage unavailable */
    }
  },
  token(): string | null {
    return this.get()?.token ?? null;
  },
};
