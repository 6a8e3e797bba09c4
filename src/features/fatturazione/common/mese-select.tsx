/** A month of the last 13 (ultimiMesi), as a small native select: the Fatture and Paghe screens' month pickers. */
import { NativeSelect } from "@chakra-ui/react";
import { useMemo, useState } from "react";
import { ultimiMesi } from "./mesi";

/** The chosen month ('YYYY-MM', starting `indice` months back) and its select. */
export function useMeseSelect(label: string, indice: number) {
  const mesi = useMemo(() => ultimiMesi(new Date()), []);
  const [mese, setMese] = useState(mesi[indice].value);
  const select = (
    <NativeSelect.Root size="sm" width="200px">
      <NativeSelect.Field aria-label={label} value={mese} onChange={(e) => setMese(e.target.value)}>
        {mesi.map((m) => (
          <option key={m.value} value={m.value}>
            {m.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
  return { mese, select };
}
