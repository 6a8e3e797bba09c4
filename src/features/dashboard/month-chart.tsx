/** This month's revenue, pay, costs and margin as bars (the dashboard's chart; its own chunk, recharts). */
import { Chart, useChart } from "@chakra-ui/charts";
import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from "recharts";
import { formatEuro } from "../../domain/format";

export interface MonthChartProps {
  ricavi: number;
  compensi: number;
  costi: number;
  margine: number;
}

export function MonthChart(props: MonthChartProps) {
  const chart = useChart({
    data: [
      { voce: "Ricavi", importo: props.ricavi, colore: "blue.solid" },
      { voce: "Compensi", importo: props.compensi, colore: "orange.solid" },
      { voce: "Costi", importo: props.costi, colore: "gray.solid" },
      { voce: "Margine", importo: props.margine, colore: props.margine < 0 ? "red.solid" : "green.solid" },
    ],
  });
  return (
    <Chart.Root maxH="2xs" chart={chart} aria-label="Ricavi, compensi e margine del mese" role="figure">
      <BarChart data={chart.data} responsive>
        <CartesianGrid stroke={chart.color("border.muted")} vertical={false} />
        <XAxis dataKey={chart.key("voce")} axisLine={false} tickLine={false} />
        <YAxis axisLine={false} tickLine={false} tickFormatter={(v: number) => formatEuro(v)} width={90} />
        <Tooltip content={<Chart.Tooltip formatter={(v) => formatEuro(Number(v))} hideLabel />} />
        <Bar dataKey={chart.key("importo")} name="Importo" maxBarSize={56} isAnimationActive={false}>
          {chart.data.map((d) => (
            <Cell key={d.voce} fill={chart.color(d.colore)} />
          ))}
        </Bar>
      </BarChart>
    </Chart.Root>
  );
}
