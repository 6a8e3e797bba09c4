/** The uid and token of a reset link (/app/reset-password?uid=…&token=…) and the verified code. */
import { useLocation, useSearchParams } from "react-router-dom";

export interface ResetLink {
  uid: string;
  token: string;
}

export function useResetLink(): ResetLink | null {
  const [params] = useSearchParams();
  const uid = params.get("uid") ?? "";
  const token = params.get("token") ?? "";
  return uid && token ? { uid, token } : null;
}

export function resetQuery(link: ResetLink): string {
  return `?${new URLSearchParams({ uid: link.uid, token: link.token }).toString()}`;
}

/** The code checked on the code-verification page travels in the history state, never in the URL. */
export function useVerifiedCode(): string | null {
  const state = useLocation().state as { code?: string } | null;
  return state?.code ?? null;
}
