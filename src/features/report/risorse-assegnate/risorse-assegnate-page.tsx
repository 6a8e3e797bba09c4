/** /report/risorse-assegnate: hours per operator / client / contract / service in a period (group by a column). */
import { CHI_DOVE_QUANDO, FASCE, NOTA_FONTE, ORE, ReportScreen } from "../common/assegnazioni";

export function RisorseAssegnatePage() {
  return (
    <ReportScreen
      title="Risorse assegnate"
      listId="risorse-assegnate"
      note={NOTA_FONTE}
      columns={[...CHI_DOVE_QUANDO, ...ORE, ...FASCE]}
    />
  );
}
