/** /report/risorse-assegnate: hours per operator / client / contract / service in a period (group by a column). */
import { COLONNE, FASCE, layout, NOTA_FONTE, ReportScreen } from "../common/assegnazioni";

const c = COLONNE;
/** Who, where and when, and the hours in view at 1366 px; the rest in the column chooser. */
const COLUMNS = layout(
  [c.operatore, c.giorno, c.cliente, c.contratto, c.servizio, c.ore_pianificate, c.ore, c.fonte],
  [c.mese, c.qualifica, ...FASCE],
);

export function RisorseAssegnatePage() {
  return <ReportScreen title="Risorse assegnate" listId="risorse-assegnate" note={NOTA_FONTE} columns={COLUMNS} />;
}
