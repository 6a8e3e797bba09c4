/**
 * The product's one data table (SPEC §2 'Generic data table') on react-data-grid: server-side
 * sort, paging and group-by through the list slice; data through RTK Query; export menu and
 * column chooser. The screen owns the list's URL sync (useListState) and declares the columns.
 */
import "react-data-grid/lib/styles.css";
import { Box, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { DataGrid } from "react-data-grid";
import { errorMessage } from "../../api/base";
import { type ExportFileType, exportList, useGetListQuery } from "../../api/list.endpoints";
import { TIMINGS } from "../../lib/timings";
import { notify } from "../../lib/toaster";
import { listParams, totalsParams } from "../lists/list-state";
import { reorderKeys, useColumnPrefs } from "../lists/use-column-prefs";
import { useList } from "../lists/use-list-state";
import { ColumnChooser } from "./column-chooser";
import type { DataTableColumn, Row } from "./data-table.types";
import { ExportMenu } from "./export-menu";
import { fromSortColumns, toGridColumns, toSortColumns, visibleColumns } from "./grid-columns";
import { toGroupRows } from "./group-rows";
import { GroupedGrid } from "./grouped-grid";
import { EMPTY_TEXT, ListErrorAlert, NotLoadedAlert } from "./list-alerts";
import { Pagination } from "./pagination";

export interface DataTableProps<R extends Row = Row> {
  /** The list's id in the store (and the URL sync of the screen). */
  listId: string;
  /** The list's API path under /api/ ('anagrafiche/operatori/'). */
  path: string;
  columns: DataTableColumn<R>[];
  /** Fixed query parameters (e.g. content_type of a log list). */
  extraParams?: Record<string, string>;
  /** Where column order and visibility are remembered (default: listId). */
  tableId?: string;
  reorderable?: boolean;
  exportable?: boolean;
  columnChooser?: boolean;
  rowKey?: (row: R) => string | number;
  rowHeight?: number | ((row: R) => number);
  /** The info box shown until autoload is on. */
  notLoadedText?: string;
  /**
   * Opens the row's record: a click on the row (not on a button or link in it) or Enter on one of
   * its cells (issue 32 item 4).
   */
  onRowOpen?: (row: R) => void;
  /** More toolbar content, left of the export menu. */
  toolbar?: ReactNode;
  "aria-label"?: string;
}

const ROW_HEIGHT = 35;
/** The one summary row: its cells read the totals from the columns (grid-columns.tsx). */
const TOTALS_ROW = { id: "totale" };
/** What inside a cell acts by itself: a click there is not the row's. */
const INTERACTIVE = "button, a, input, select, textarea, label, [role='button'], [role='link']";

function LoadingSkeleton() {
  return (
    <Stack gap="2" py="2" aria-busy="true" aria-label="Caricamento in corso" role="status" data-testid="list-skeleton">
      {["a", "b", "c", "d", "e", "f"].map((k) => (
        <Skeleton key={k} height="7" />
      ))}
    </Stack>
  );
}

/**
 * Whether the table shows the skeleton: at once on the first load; on a new load (a search, a
 * filter, another page) only after TIMINGS.refetchSkeletonMs, the rows shown meanwhile. The search
 * box applies what was typed when it loses focus, which is the press of a click elsewhere — on a
 * row's link, the rows must still be there when the button comes up, or the click is lost.
 */
function useSkeleton(fetching: boolean, hasRows: boolean): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    setLate(false);
    if (!fetching || !hasRows) return;
    const t = setTimeout(() => setLate(true), TIMINGS.refetchSkeletonMs);
    return () => clearTimeout(t);
  }, [fetching, hasRows]);
  return fetching && (!hasRows || late);
}

export function DataTable<R extends Row = Row>(props: DataTableProps<R>) {
  const { listId, path, columns, extraParams, reorderable, exportable = true, columnChooser = true, onRowOpen } = props;
  const [state, actions] = useList(listId);
  const defaultHidden = useMemo(() => columns.filter((c) => c.hiddenByDefault).map((c) => c.key), [columns]);
  const [prefs, setPrefs] = useColumnPrefs(props.tableId ?? listId, defaultHidden);
  const params = useMemo(() => ({ ...listParams(state), ...extraParams }), [state, extraParams]);
  const { data, currentData, error, isFetching } = useGetListQuery({ path, params }, { skip: !state.autoload });
  // The grouping the rows on screen were asked with: rows of another shape are never kept on screen.
  const shownGrouping = useRef<string | null>(null);
  if (currentData !== undefined) shownGrouping.current = state.groupBy;
  // A money or hours list shows its totals row: the sums over the whole selection (issue 32 item 4),
  // asked apart from the page so that paging and sorting do not sum it again.
  const wantsTotals = !state.groupBy && columns.some((c) => c.total);
  const sumParams = useMemo(() => ({ ...totalsParams(state), ...extraParams }), [state, extraParams]);
  const sums = useGetListQuery({ path, params: sumParams }, { skip: !state.autoload || !wantsTotals });

  const detail = error ? errorMessage(error) : "";
  useEffect(() => {
    if (error) notify.error(errorMessage(error));
  }, [error]);

  const shown = useMemo(() => visibleColumns(columns, prefs), [columns, prefs]);
  const totals = wantsTotals && !error && !sums.error ? sums.data?.totali : undefined;
  const gridColumns = useMemo(
    () =>
      toGridColumns(shown, {
        reorderable,
        onGroup: (field) => actions.setGroupBy(field),
        totals,
      }),
    [shown, reorderable, actions, totals],
  );

  const rows = (error ? [] : ((data?.results ?? []) as R[])) as R[];
  const skeleton = useSkeleton(isFetching, data !== undefined && !error && shownGrouping.current === state.groupBy);
  const count = error ? 0 : (data?.count ?? 0);
  const groupColumn = state.groupBy ? columns.find((c) => c.key === state.groupBy) : undefined;

  const onExport = (fileType: ExportFileType) => {
    const showFields = shown.filter((c) => c.exportField !== false).map((c) => c.exportField || c.key);
    const hiddenFields = columns
      .filter((c) => c.exportField !== false && !shown.includes(c))
      .map((c) => c.exportField || c.key);
    void exportList({ path, params, fileType, showFields, hiddenFields });
  };

  const onColumnsReorder = (source: string, target: string) => {
    const keys = visibleColumns(columns, { order: prefs.order, hidden: [] }).map((c) => c.key);
    setPrefs({ ...prefs, order: reorderKeys(keys, source, target) });
  };

  let body: ReactNode;
  if (!state.autoload) body = <NotLoadedAlert text={props.notLoadedText} />;
  else if (skeleton) body = <LoadingSkeleton />;
  else if (error) body = <ListErrorAlert detail={detail} />;
  else if (rows.length === 0)
    body = (
      <Text py="6" textAlign="center" color="fg.muted">
        {EMPTY_TEXT}
      </Text>
    );
  else if (groupColumn)
    body = (
      <GroupedGrid
        column={groupColumn}
        columns={columns}
        groups={toGroupRows(rows, groupColumn.key)}
        onUngroup={() => actions.setGroupBy(null)}
      />
    );
  else {
    const fixedHeight = typeof props.rowHeight === "function" ? null : (props.rowHeight ?? ROW_HEIGHT);
    body = (
      <DataGrid<R>
        aria-label={props["aria-label"]}
        columns={gridColumns}
        rows={rows}
        rowKeyGetter={props.rowKey}
        rowHeight={props.rowHeight ?? ROW_HEIGHT}
        bottomSummaryRows={totals ? [TOTALS_ROW] : undefined}
        sortColumns={toSortColumns(shown, state.sort)}
        onSortColumnsChange={(sc) => actions.setSort(fromSortColumns(shown, sc))}
        onColumnsReorder={reorderable ? onColumnsReorder : undefined}
        onCellClick={
          onRowOpen
            ? ({ row }, event) => {
                if (!(event.target as Element).closest(INTERACTIVE)) onRowOpen(row);
              }
            : undefined
        }
        onCellKeyDown={
          onRowOpen
            ? (args, event) => {
                if (
                  args.mode === "ACTIVE" &&
                  args.row &&
                  event.key === "Enter" &&
                  !(event.target as Element).closest(INTERACTIVE)
                )
                  onRowOpen(args.row);
              }
            : undefined
        }
        className={onRowOpen ? "rdg-rows-open" : undefined}
        style={{
          blockSize: fixedHeight ? Math.min(640, 40 + (rows.length + (totals ? 1 : 0)) * fixedHeight) : 640,
        }}
      />
    );
  }

  return (
    <Box css={{ "& .rdg-rows-open .rdg-row": { cursor: "pointer" } }}>
      <HStack justify="flex-end" gap="2" py="2" wrap="wrap">
        {props.toolbar}
        {columnChooser && (
          <ColumnChooser
            columns={columns}
            hidden={prefs.hidden}
            onChange={(hidden) => setPrefs({ ...prefs, hidden })}
          />
        )}
        {exportable && <ExportMenu onExport={onExport} disabled={!state.autoload} />}
      </HStack>
      {/* rows kept on screen while the list loads again are dimmed and marked busy */}
      <Box aria-busy={isFetching} opacity={isFetching && !skeleton ? 0.6 : 1} transition="opacity 0.15s">
        {body}
      </Box>
      {state.autoload && (
        <Pagination
          page={state.page}
          pageSize={state.pageSize}
          count={count}
          onPageChange={actions.setPage}
          onPageSizeChange={actions.setPageSize}
          disabled={isFetching}
        />
      )}
    </Box>
  );
}
