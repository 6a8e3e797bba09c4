/**
 * A failed assignment call as plain data: error objects serialise to `{}` in a trace, so the
 * machines keep the HTTP status, the server's Italian detail and its machine-readable reason.
 */
import { errorMessage } from "../../api/base";

export interface CallFailure {
  /** HTTP status, or a transport error name ('FETCH_ERROR'), or null. */
  status: number | string | null;
  message: string;
  /** The server's reason code of a 409 refusal (e.g. 'turno_sovrapposto', 'qualifica_mancante'). */
  reason: string | null;
  /** Present (true) when every reason of the refusal may be overridden with a reason (erp_contratti_deroghe). */
  derogabile?: true;
}

export function toCallFailure(error: unknown): CallFailure {
  if (error && typeof error === "object" && "message" in error && "status" in error && !("data" in error)) {
    const e = error as Partial<CallFailure>;
    return {
      status: e.status ?? null,
      message: String(e.message ?? ""),
      reason: e.reason ?? null,
      ...(e.derogabile ? { derogabile: true as const } : {}),
    };
  }
  const e = error as { status?: number | string; data?: { reason?: unknown; derogabile?: unknown } } | null;
  const status = e && typeof e === "object" && "status" in e ? (e.status ?? null) : null;
  const reason = typeof e?.data?.reason === "string" ? e.data.reason : null;
  return {
    status,
    message: errorMessage(error) || "Errore sconosciuto",
    reason,
    ...(e?.data?.derogabile === true ? { derogabile: true as const } : {}),
  };
}

/** A refusal the server explains (409) is shown to the planner; other failures are only logged. */
export function isRefusal(failure: CallFailure | null): boolean {
  return failure?.status === 409;
}
