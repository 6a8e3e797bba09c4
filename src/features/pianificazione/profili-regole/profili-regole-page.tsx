/**
 * /pianificazione/profili-regole (administrators): the working-time rule profiles the assignment
 * refuses by — minimum rest, hours in 7 days, hours per shift — and the qualifications each
 * applies to; a profile's limits edited in a dialog (issue 15 item 2).
 */
import { Box, Heading, Text } from "@chakra-ui/react";
import {
  type ProfiloRegole,
  useProfiliRegoleQuery,
  useSaveProfiloRegoleMutation,
} from "../../../api/pianificazione/profili-regole.endpoints";
import { ChildTable } from "../../../components/child-table";

type Values = Record<string, string | undefined>;

const ore = (v: number) => `${String(v).replace(".", ",")} h`;

export function ProfiliRegolePage() {
  const { data, isLoading, error } = useProfiliRegoleQuery();
  const [save] = useSaveProfiloRegoleMutation();
  return (
    <Box p="4">
      <Heading size="lg" mb="1">
        Profili regole
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        I limiti oltre i quali un'assegnazione è rifiutata (derogabile con motivazione da chi ne ha il permesso).
      </Text>
      <ChildTable<ProfiloRegole & { id: string }, Values>
        label="Profili"
        rows={data?.map((p) => ({ ...p, id: p.codice }))}
        isLoading={isLoading}
        error={error}
        columns={[
          { header: "Profilo", render: (p) => p.descrizione },
          { header: "Riposo minimo", render: (p) => ore(p.riposo_minimo_ore) },
          { header: "Massimo in 7 giorni", render: (p) => ore(p.max_ore_7_giorni) },
          { header: "Massimo per turno", render: (p) => ore(p.max_ore_turno) },
          { header: "Qualifiche", render: (p) => p.posizioni.map((q) => q.descrizione).join(", ") },
          { header: "Fonte", render: (p) => p.fonte },
        ]}
        form={{
          placement: "dialog",
          titles: { add: "Nuovo profilo", edit: "Modifica profilo" },
          toValues: (p) => ({
            descrizione: p?.descrizione,
            riposo_minimo_ore: p ? String(p.riposo_minimo_ore) : undefined,
            max_ore_7_giorni: p ? String(p.max_ore_7_giorni) : undefined,
            max_ore_turno: p ? String(p.max_ore_turno) : undefined,
            fonte: p?.fonte,
          }),
          fields: [
            { name: "descrizione", label: "Descrizione", required: true },
            {
              name: "riposo_minimo_ore",
              label: "Riposo minimo (ore)",
              kind: "number",
              step: "0.5",
              min: 0,
              required: true,
            },
            { name: "max_ore_7_giorni", label: "Massimo ore in 7 giorni", kind: "number", step: "0.5", required: true },
            { name: "max_ore_turno", label: "Massimo ore per turno", kind: "number", step: "0.5", required: true },
            { name: "fonte", label: "Fonte", kind: "textarea" },
          ],
        }}
        save={(v, row) =>
          // What changed, the limits as numbers (a PUT changes only what it names).
          save({
            codice: row?.codice ?? "",
            ...(v.descrizione !== undefined ? { descrizione: v.descrizione } : {}),
            ...(v.fonte !== undefined ? { fonte: v.fonte } : {}),
            ...Object.fromEntries(
              (["riposo_minimo_ore", "max_ore_7_giorni", "max_ore_turno"] as const)
                .filter((k) => v[k] !== undefined)
                .map((k) => [k, Number(v[k])]),
            ),
          }).unwrap()
        }
      />
    </Box>
  );
}
