import type { ReactNode } from "react";

export interface FilterOption {
  value: string;
  label: string;
}

interface Base {
  /** Italian label. */
  label: string;
  /** Grid width in columns of 12 (default 3; a date range 6). */
  span?: number;
}

export type FilterField =
  /** Global search (500 ms debounce): updates the list's `global`, outside the form. */
  | (Base & { type: "global"; placeholder?: string })
  | (Base & { type: "text" | "tel" | "email" | "number" | "address"; name: string; placeholder?: string })
  | (Base & { type: "date"; name: string; dayStep?: boolean })
  /** Sends `<fromName>` and `<toName>` (default `<name>_dal` / `<name>_al`, as the server's range filter). */
  | (Base & { type: "date-range"; name: string; fromName?: string; toName?: string; shortcuts?: boolean })
  /** `multiple` (also on province/qualifications/evaluations): the multi-select, sending an array of values. */
  | (Base & { type: "select"; name: string; options: FilterOption[]; blank?: boolean; multiple?: boolean })
  | (Base & {
      type: "autocomplete";
      name: string;
      loadOptions: (text: string) => Promise<FilterOption[]>;
      /** e.g. 'Nessun operatore trovato'. */
      emptyText: string;
    })
  | (Base & { type: "switch"; name: string })
  /** Options default to the static list of src/domain/province.ts (value = sigla). */
  | (Base & { type: "province"; name: string; multiple?: boolean; options?: FilterOption[] })
  /** Options default to the account's settings.posizioni / settings.valutazioni. */
  | (Base & { type: "qualifications" | "evaluations"; name: string; multiple?: boolean; options?: FilterOption[] })
  | (Base & { type: "button"; onClick: () => void })
  | (Base & { type: "icon-button"; icon: ReactNode; onClick: () => void })
  | (Base & { type: "custom"; name?: string; render: (api: CustomFieldApi) => ReactNode });

export interface CustomFieldApi {
  value: unknown;
  onChange: (value: unknown) => void;
}
