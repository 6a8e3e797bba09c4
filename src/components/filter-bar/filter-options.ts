/** Option lists of the filter bar's predefined selects. */
import type { Account } from "../../domain/contracts/auth/credentials";
import { PROVINCE } from "../../domain/province";
import type { FilterOption } from "./filter-bar.types";

export const PROVINCE_OPTIONS: FilterOption[] = PROVINCE.map((p) => ({
  value: p.sigla,
  label: `${p.nome} (${p.sigla})`,
}));

/** settings.posizioni (qualifications) or settings.valutazioni (evaluations) of the account. */
export function accountOptions(
  account: Pick<Account, "settings"> | null,
  kind: "qualifications" | "evaluations",
): FilterOption[] {
  const list = kind === "qualifications" ? account?.settings?.posizioni : account?.settings?.valutazioni;
  return (list ?? []).map((o) => ({ value: String(o.id), label: o.descrizione }));
}
