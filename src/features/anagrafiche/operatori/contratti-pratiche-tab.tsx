/** contratti-pratiche: employment contracts (incl. intermittente), pay items and HR pratiche. */
import { Badge } from "@chakra-ui/react";
import type { TabItem } from "../../../api/anagrafiche/operatori.endpoints";
import { ChildTable } from "../../../components/child-table";
import { formatDate, formatEuro, formatNumber } from "../../../domain/format";
import {
  STATI_PRATICA,
  TIPI_CONTRATTO,
  TIPI_PRATICA,
  validateCompenso,
  validateContratto,
  validatePratica,
} from "../../../domain/operatore";
import { childTexts } from "../common/child-texts";
import { useOperatoreTab } from "./use-operatore-tab";

const d = (v: unknown) => (v ? formatDate(String(v)) : "—");
const label = (list: readonly { code: string; label: string }[], code: unknown) =>
  list.find((t) => t.code === code)?.label ?? String(code ?? "");
const opts = (list: readonly { code: string; label: string }[]) => list.map((t) => ({ value: t.code, label: t.label }));

const STATO_PRATICA_COLOR: Record<string, string> = {
  aperta: "blue",
  in_corso: "orange",
  sospesa: "gray",
  chiusa: "green",
};

export function ContrattiPraticheTab({ id }: { id: number }) {
  const contratti = useOperatoreTab(id, "contratti");
  const compensi = useOperatoreTab(id, "compensi");
  const pratiche = useOperatoreTab(id, "pratiche");
  return (
    <>
      <ChildTable<TabItem>
        label="Contratti di lavoro"
        {...contratti}
        {...childTexts("contratto")}
        form={{
          placement: "dialog",
          titles: { add: "Nuovo contratto", edit: "Modifica contratto" },
          validate: validateContratto,
          fields: [
            { name: "tipo", label: "Tipo di contratto", kind: "select", required: true, options: opts(TIPI_CONTRATTO) },
            { name: "data_inizio", label: "Data di inizio", kind: "date", required: true },
            { name: "data_fine", label: "Data di fine", kind: "date" },
            { name: "ore_settimanali", label: "Ore settimanali", kind: "number" },
            { name: "note", label: "Note", kind: "textarea" },
          ],
        }}
        columns={[
          {
            header: "Tipo",
            render: (i) => (
              <>
                {label(TIPI_CONTRATTO, i.tipo)}{" "}
                {i.tipo === "intermittente" && <Badge colorPalette="purple">Intermittente</Badge>}
              </>
            ),
          },
          { header: "Inizio", render: (i) => d(i.data_inizio) },
          { header: "Fine", render: (i) => d(i.data_fine) },
          {
            header: "Ore settimanali",
            render: (i) =>
              i.ore_settimanali === null || i.ore_settimanali === undefined
                ? "—"
                : formatNumber(Number(i.ore_settimanali)),
          },
        ]}
      />
      <ChildTable<TabItem>
        label="Compensi"
        {...compensi}
        {...childTexts("compenso")}
        form={{
          placement: "dialog",
          titles: { add: "Nuovo compenso", edit: "Modifica compenso" },
          validate: validateCompenso,
          fields: [
            { name: "descrizione", label: "Descrizione", required: true },
            { name: "importo", label: "Importo (€)", kind: "number", required: true },
            { name: "dal", label: "Dal", kind: "date" },
            { name: "al", label: "Al", kind: "date" },
            { name: "note", label: "Note", kind: "textarea" },
          ],
        }}
        columns={[
          { header: "Descrizione", render: (i) => String(i.descrizione) },
          { header: "Importo", render: (i) => formatEuro(Number(i.importo)) },
          { header: "Dal", render: (i) => d(i.dal) },
          { header: "Al", render: (i) => d(i.al) },
        ]}
      />
      <ChildTable<TabItem>
        label="Pratiche"
        {...pratiche}
        {...childTexts("pratica")}
        form={{
          placement: "dialog",
          titles: { add: "Nuova pratica", edit: "Modifica pratica" },
          validate: validatePratica,
          fields: [
            { name: "tipo", label: "Tipo", kind: "select", required: true, options: opts(TIPI_PRATICA) },
            { name: "stato", label: "Stato", kind: "select", required: true, options: opts(STATI_PRATICA) },
            { name: "data_apertura", label: "Data di apertura", kind: "date", required: true },
            { name: "data_chiusura", label: "Data di chiusura", kind: "date" },
            { name: "note", label: "Note", kind: "textarea" },
          ],
        }}
        columns={[
          { header: "Tipo", render: (i) => label(TIPI_PRATICA, i.tipo) },
          {
            header: "Stato",
            render: (i) => (
              <Badge colorPalette={STATO_PRATICA_COLOR[String(i.stato)] ?? "gray"}>
                {label(STATI_PRATICA, i.stato)}
              </Badge>
            ),
          },
          { header: "Apertura", render: (i) => d(i.data_apertura) },
          { header: "Chiusura", render: (i) => d(i.data_chiusura) },
        ]}
      />
    </>
  );
}
