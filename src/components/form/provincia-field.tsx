/**
 * The province selector of a form (SPEC §2 filter bar's 'province selector', SPEC §7 GET
 * /api/anagrafiche/province/ asked once after login and served from the cache), on SelectField.
 */
import { useProvinceQuery } from "../../api/anagrafiche/province.endpoints";
import { PROVINCE } from "../../domain/province";
import { type Option, SelectField } from "./select-field";

/**
 * The province options: GET /api/anagrafiche/province/ (SPEC §7; asked once after login by the shell
 * and served from the cache here), the static list until it answers.
 */
export function useProvinceOptions(): Option[] {
  const { data } = useProvinceQuery(undefined, { refetchOnMountOrArgChange: false });
  if (data?.length) return data.map((p) => ({ value: p.abbr, label: `${p.name} (${p.abbr})` }));
  return PROVINCE.map((p) => ({ value: p.sigla, label: `${p.nome} (${p.sigla})` }));
}

export function ProvinciaField(props: { name: string; label: string; required?: boolean }) {
  const options = useProvinceOptions();
  return <SelectField {...props} options={options} />;
}
