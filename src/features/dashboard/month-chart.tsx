/**
 * This month's revenue, pay, costs and margin as a list of bars (the dashboard's chart, its own
 * chunk). @chakra-ui/charts' BarList is drawn by Chakra alone: the first screen after the login does
 * not load recharts (~100 kB gzip), which the Report pages' charts bring with them.
 */
import { BarList, type BarListData, useChart } from "@chakra-ui/charts";
import { formatEuro } from "../../domain/format";

export interface MonthChartProps {
  ricavi: number;
  compensi: number;
  costi: number;
  margine: number;
}

export function MonthChart(props: MonthChartProps) {
  const chart = useChart<BarListData>({
    data: [
      { name: "Ricavi", value: props.ricavi },
      { name: "Compensi", value: props.compensi },
      { name: "Costi", value: props.costi },
      // A loss draws no bar; its value says it, with the sign.
      { name: props.margine < 0 ? "Margine (perdita)" : "Margine", value: props.margine },
    ],
    series: [{ name: "name", color: "blue.subtle" }],
  });
  return (
    <BarList.Root chart={chart} aria-label="Ricavi, compensi e margine del mese" role="figure" maxW="2xl">
      <BarList.Content>
        <BarList.Bar />
        <BarList.Value valueFormatter={(v: number) => formatEuro(v)} />
      </BarList.Content>
    </BarList.Root>
  );
}
