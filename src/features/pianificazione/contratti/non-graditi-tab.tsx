/** Contract → operatori-non-graditi: operators the client refuses, with a reason (kept out of assignment). */
import {
  useAddNonGraditoMutation,
  useDeleteNonGraditoMutation,
  useNonGraditiQuery,
} from "../../../api/pianificazione/contratti-righe.endpoints";
import { ChildTable } from "../../../components/child-table";
import { OperatorPicker } from "../common/operator-picker";

type Values = Record<string, string | undefined>;

export function NonGraditiTab({ idContratto }: { idContratto: number }) {
  const { data, isLoading, error } = useNonGraditiQuery(idContratto);
  const [add] = useAddNonGraditoMutation();
  const [remove] = useDeleteNonGraditoMutation();
  return (
    <ChildTable
      label="Operatori non graditi"
      empty="Nessun operatore non gradito"
      rows={data}
      isLoading={isLoading}
      error={error}
      columns={[
        { header: "Operatore", render: (n) => n.operatore_nome },
        { header: "Motivo", render: (n) => n.motivo },
      ]}
      form={{
        placement: "inline",
        label: "Nuovo operatore non gradito",
        fields: [
          {
            name: "operatore",
            label: "Operatore",
            required: true,
            render: ({ error, onChange }) => (
              <OperatorPicker
                label="Operatore"
                error={error}
                onSelect={(op) => onChange(op ? String(op.id) : undefined)}
              />
            ),
          },
          { name: "motivo", label: "Motivo" },
        ],
      }}
      save={(v: Values) =>
        add({ idContratto, data: { operatore: Number(v.operatore), motivo: v.motivo ?? "" } }).unwrap()
      }
      remove={(n) => remove({ idContratto, id: n.id }).unwrap()}
      confirm={{ what: (n) => `${n.operatore_nome} dagli operatori non graditi` }}
    />
  );
}
