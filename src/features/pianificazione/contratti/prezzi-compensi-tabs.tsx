/** Contract → prezzi (hourly price per qualification with surcharges) and compensi (hourly pay with surcharges). */
import {
  useCompensiQuery,
  useDeleteCompensoMutation,
  useDeletePrezzoMutation,
  usePrezziQuery,
  useSaveCompensoMutation,
  useSavePrezzoMutation,
} from "../../../api/pianificazione/contratti-righe.endpoints";
import { ChildTable } from "../../../components/child-table";
import { formatEuro, formatNumber } from "../../../domain/format";
import { useCurrentUser } from "../../../machines/session-context";

type Values = Record<string, string | undefined>;

function usePosizioni() {
  const user = useCurrentUser();
  return (user?.settings.posizioni ?? []).map((p) => ({ value: String(p.id), label: p.descrizione }));
}

export function PrezziTab({ idContratto }: { idContratto: number }) {
  const { data, isLoading, error } = usePrezziQuery(idContratto);
  const [save] = useSavePrezzoMutation();
  const [remove] = useDeletePrezzoMutation();
  const posizioni = usePosizioni();
  return (
    <ChildTable
      label="Prezzi"
      rows={data}
      isLoading={isLoading}
      error={error}
      columns={[
        { header: "Qualifica", render: (p) => p.posizione_descrizione },
        { header: "Prezzo orario", render: (p) => formatEuro(p.prezzo_orario) },
        { header: "Notturno %", render: (p) => formatNumber(p.maggiorazione_notturna) },
        { header: "Festivo %", render: (p) => formatNumber(p.maggiorazione_festiva) },
        { header: "Domenicale %", render: (p) => formatNumber(p.maggiorazione_domenicale) },
      ]}
      form={{
        placement: "inline",
        label: "Nuovo prezzo",
        fields: [
          { name: "posizione", label: "Qualifica", kind: "select", options: posizioni, required: true },
          { name: "prezzo_orario", label: "Prezzo orario (€)", kind: "number", step: "0.01", required: true },
          { name: "maggiorazione_notturna", label: "Notturno %", kind: "number" },
          { name: "maggiorazione_festiva", label: "Festivo %", kind: "number" },
          { name: "maggiorazione_domenicale", label: "Domenicale %", kind: "number" },
        ],
      }}
      save={(v: Values) =>
        save({
          idContratto,
          data: {
            posizione: Number(v.posizione),
            prezzo_orario: v.prezzo_orario ?? "",
            maggiorazione_notturna: v.maggiorazione_notturna || "0",
            maggiorazione_festiva: v.maggiorazione_festiva || "0",
            maggiorazione_domenicale: v.maggiorazione_domenicale || "0",
          },
        }).unwrap()
      }
      remove={(p) => remove({ idContratto, id: p.id }).unwrap()}
      confirm={{ what: (p) => `il prezzo di ${p.posizione_descrizione}` }}
    />
  );
}

export function CompensiTab({ idContratto }: { idContratto: number }) {
  const { data, isLoading, error } = useCompensiQuery(idContratto);
  const [save] = useSaveCompensoMutation();
  const [remove] = useDeleteCompensoMutation();
  const posizioni = usePosizioni();
  return (
    <ChildTable
      label="Compensi"
      rows={data}
      isLoading={isLoading}
      error={error}
      columns={[
        { header: "Qualifica", render: (c) => c.posizione_descrizione },
        { header: "Compenso orario", render: (c) => formatEuro(c.compenso_orario) },
        { header: "Notturno %", render: (c) => formatNumber(c.maggiorazione_notturna) },
        { header: "Festivo %", render: (c) => formatNumber(c.maggiorazione_festiva) },
        { header: "Domenicale %", render: (c) => formatNumber(c.maggiorazione_domenicale) },
      ]}
      form={{
        placement: "inline",
        label: "Nuovo compenso",
        fields: [
          { name: "posizione", label: "Qualifica", kind: "select", options: posizioni, required: true },
          { name: "compenso_orario", label: "Compenso orario (€)", kind: "number", step: "0.01", required: true },
          { name: "maggiorazione_notturna", label: "Notturno %", kind: "number" },
          { name: "maggiorazione_festiva", label: "Festivo %", kind: "number" },
          { name: "maggiorazione_domenicale", label: "Domenicale %", kind: "number" },
        ],
      }}
      save={(v: Values) =>
        save({
          idContratto,
          data: {
            posizione: Number(v.posizione),
            compenso_orario: v.compenso_orario ?? "",
            maggiorazione_notturna: v.maggiorazione_notturna || "0",
            maggiorazione_festiva: v.maggiorazione_festiva || "0",
            maggiorazione_domenicale: v.maggiorazione_domenicale || "0",
          },
        }).unwrap()
      }
      remove={(c) => remove({ idContratto, id: c.id }).unwrap()}
      confirm={{ what: (c) => `il compenso di ${c.posizione_descrizione}` }}
    />
  );
}
