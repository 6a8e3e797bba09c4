/**
 * The field app's sign-in, kept on the phone: the app token (`/api/app/login/`) and the guard's
 * name, so that the app opens signed in with no network (issue 33). Separate from the back
 * office's `djangoToken`: a staff session and a guard's are never the same token.
 */
import type { AppLoginOut } from "../domain/contracts/console/app-guardie/schemas";

export const CAMPO_SESSION_KEY = "campoSessione";

export type CampoSessione = AppLoginOut;

export const campoStorage = {
  get(): CampoSessione | null {
    try {
      const raw = localStorage.getItem(CAMPO_SESSION_KEY);
      return raw ? (JSON.parse(raw) as CampoSessione) : null;
    } catch {
      return null;
    }
  },
  set(s: CampoSessione): void {
    localStorage.setItem(CAMPO_SESSION_KEY, JSON.stringify(s));
  },
  clear(): void {
    try {
      localStorage.removeItem(CAMPO_SESSION_KEY);
    } catch {
      /* storage unavailable */
    }
  },
  token(): string | null {
    return this.get()?.token ?? null;
  },
};
