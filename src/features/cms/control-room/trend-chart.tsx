/** The occupancy of the last hours, a line against the capacity and the thresholds (its own chunk, recharts). */
import { Chart, useChart } from "@chakra-ui/charts";
import { CartesianGrid, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import type { ControlRoom } from "../../../domain/contracts/cms/control-room";
import { toRomeWallClock } from "../../../domain/instant";

const ora = (iso: string) => toRomeWallClock(iso).slice(11, 16);

export function TrendChart({ data }: { data: ControlRoom }) {
  const capienza = data.totale.capienza;
  const chart = useChart({ data: data.andamento.map((p) => ({ ora: ora(p.at), presenti: p.presenti })) });
  return (
    <Chart.Root maxH="2xs" chart={chart} aria-label="Andamento delle presenze nelle ultime ore" role="figure">
      <LineChart data={chart.data} responsive>
        <CartesianGrid stroke={chart.color("border.muted")} vertical={false} />
        <XAxis dataKey={chart.key("ora")} axisLine={false} tickLine={false} minTickGap={24} />
        <YAxis axisLine={false} tickLine={false} width={56} domain={[0, Math.max(capienza, 1)]} />
        <Tooltip content={<Chart.Tooltip />} />
        {capienza > 0 && (
          <>
            <ReferenceLine
              y={(capienza * data.evento.soglia_attenzione) / 100}
              stroke={chart.color("orange.solid")}
              strokeDasharray="4 4"
            />
            <ReferenceLine
              y={(capienza * data.evento.soglia_massima) / 100}
              stroke={chart.color("red.solid")}
              strokeDasharray="4 4"
            />
          </>
        )}
        <Line
          type="stepAfter"
          dataKey={chart.key("presenti")}
          name="Presenti"
          stroke={chart.color("blue.solid")}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </Chart.Root>
  );
}
