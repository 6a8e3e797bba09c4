/**
 * Marginalità's trend above its table: revenue, pay and service costs per month as bars, the margin
 * as a line (red when the period is in loss), from the same list with the table's filters grouped by month
 * (group_by=mese), so chart and table sum the same rows; the period's totals under it. Its own chunk
 * (recharts), loaded by analisi-ricavi-page.tsx.
 */
import { Chart, useChart } from "@chakra-ui/charts";
import { Box, HStack, Text } from "@chakra-ui/react";
import { useMemo } from "react";
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from "recharts";
import { useGetListQuery } from "../../../api/list.endpoints";
import { type ListState, listParams } from "../../../components/lists/list-state";
import { formatEuro } from "../../../domain/format";
import { meseBreve } from "../common/periodo";

interface Mese {
  mese: string;
  ricavi: number;
  compensi: number;
  costi: number;
  margine: number;
}

const SERIES = [
  { name: "ricavi", label: "Ricavi", color: "blue.solid" },
  { name: "compensi", label: "Compensi", color: "orange.solid" },
  { name: "costi", label: "Costi del servizio", color: "gray.solid" },
  { name: "margine", label: "Margine", color: "green.solid" },
] as const;

/** The trend of the table's selection: its state comes from the page (the same URL as the table's). */
export function MarginalitaTrend({ state, path }: { state: ListState; path: string }) {
  const params = useMemo(
    () => ({
      ...listParams(state),
      group_by: "mese",
      page: "1",
      page_size: "1000",
      order_field: "mese",
      order_asc: "true",
    }),
    [state],
  );
  const { data } = useGetListQuery({ path, params }, { skip: !state.autoload });
  const mesi = useMemo(
    () =>
      ((data?.results ?? []) as Record<string, unknown>[]).map((r) => ({
        mese: meseBreve(r.mese),
        ricavi: Number(r.ricavi ?? 0),
        compensi: Number(r.compensi ?? 0),
        costi: Number(r.costi ?? 0),
        margine: Number(r.margine ?? 0),
      })),
    [data],
  );
  const chart = useChart<Mese>({ data: mesi, series: SERIES.map((s) => ({ ...s })) });
  if (!mesi.length) return null;
  const totale = (k: keyof Omit<Mese, "mese">) => mesi.reduce((t, m) => t + m[k], 0);
  const margine = totale("margine");
  return (
    <Box mb="4" aria-label="Andamento per mese" role="figure">
      <Chart.Root maxH="xs" chart={chart}>
        <ComposedChart data={chart.data} responsive>
          <CartesianGrid stroke={chart.color("border.muted")} vertical={false} />
          <XAxis dataKey={chart.key("mese")} axisLine={false} tickLine={false} />
          <YAxis axisLine={false} tickLine={false} tickFormatter={(v: number) => formatEuro(v)} width={90} />
          <Tooltip content={<Chart.Tooltip formatter={(v) => formatEuro(Number(v))} />} />
          <Legend content={<Chart.Legend />} />
          {chart.series.slice(0, 3).map((s) => (
            <Bar
              key={s.name}
              dataKey={chart.key(s.name)}
              name={String(s.label)}
              fill={chart.color(s.color)}
              maxBarSize={56}
              isAnimationActive={false}
            />
          ))}
          <Line
            dataKey={chart.key("margine")}
            name="Margine"
            stroke={chart.color(margine < 0 ? "red.solid" : "green.solid")}
            strokeWidth={2}
            isAnimationActive={false}
          />
        </ComposedChart>
      </Chart.Root>
      <HStack gap="6" fontSize="sm" wrap="wrap">
        <Text>{`Ricavi ${formatEuro(totale("ricavi"))}`}</Text>
        <Text>{`Compensi ${formatEuro(totale("compensi"))}`}</Text>
        <Text>{`Costi ${formatEuro(totale("costi"))}`}</Text>
        <Text
          fontWeight="semibold"
          color={margine < 0 ? "red.600" : undefined}
        >{`Margine ${formatEuro(margine)}`}</Text>
      </HStack>
    </Box>
  );
}
