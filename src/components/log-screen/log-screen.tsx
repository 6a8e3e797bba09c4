/**
 * The log screen (SPEC §2): a card titled by the caller with 'Ricerca', 'Tipo di Log' (only when
 * log types are given, no blank option) and the entries of `GET /api/log/list/` in a DataTable.
 * A record's log (the screen fixes the object: content type and id) lists its entries at once,
 * newest first; the generic screen (Console → Logs, with 'Tipo di Log') shows the 'Attenzione, …'
 * info box until a filter is applied (SPEC §2).
 */
import { Card } from "@chakra-ui/react";
import { useMemo } from "react";
import { LOG_LIST_PATH, type LogEntry } from "../../api/log.endpoints";
import { DataTable } from "../data-table/data-table";
import { FilterBar } from "../filter-bar/filter-bar";
import type { FilterField, FilterOption } from "../filter-bar/filter-bar.types";
import { ListScope } from "../lists/list-scope";
import { LOG_COLUMNS, logRowHeight } from "./log-columns";

export const LOG_NOT_LOADED_TEXT = "Attenzione, Inizia impostando alcuni filtri per poter visualizzare risultati";

export interface LogScreenProps {
  title: string;
  /** The entity whose entries are shown (content_type). With logTypes the select chooses it. */
  contentType?: string;
  objectId?: string | number;
  /** Only the entries of objects related to this one (a contract's shifts…). */
  onlyRelated?: boolean;
  /** The object's own entries plus the related ones. */
  showRelated?: boolean;
  /** Options of 'Tipo di Log' (content types). */
  logTypes?: FilterOption[];
  /** The list's id in the store (default from content type and object). */
  listId?: string;
  /** Keep search, filters and page in the URL (for a page of its own). */
  syncUrl?: boolean;
  /**
   * A record's own log route (`log/turno/12/`): its entries, loaded at once, for the users of that
   * record — who may not read the whole trail at `log/list/` (issue 32 item 1).
   */
  path?: string;
}

export function LogScreen(props: LogScreenProps) {
  const { title, contentType, objectId, onlyRelated, showRelated, logTypes, syncUrl = false, path } = props;
  const listId = props.listId ?? (path ? `log:${path}` : `log:${contentType ?? "tutti"}:${objectId ?? ""}`);
  const hasTypes = !!logTypes?.length;
  const fixedObject =
    !!path || (!hasTypes && !!contentType && objectId !== undefined && objectId !== null && objectId !== "");
  const defaults = useMemo(() => ({ sort: null, autoload: fixedObject }), [fixedObject]);

  const extraParams = useMemo(() => {
    const p: Record<string, string> = {};
    if (path) return p;
    if (contentType && !hasTypes) p.content_type = contentType;
    if (objectId !== undefined && objectId !== null && objectId !== "") p.object_id = String(objectId);
    if (onlyRelated) p.only_related = "true";
    if (showRelated) p.show_related = "true";
    return p;
  }, [contentType, objectId, onlyRelated, showRelated, hasTypes, path]);

  const fields: FilterField[] = [{ type: "global", label: "Ricerca" }];
  if (hasTypes)
    fields.push({ type: "select", name: "content_type", label: "Tipo di Log", options: logTypes, blank: false });

  return (
    <ListScope listId={listId} syncUrl={syncUrl} defaults={defaults}>
      <Card.Root>
        <Card.Header>
          <Card.Title>{title}</Card.Title>
        </Card.Header>
        <Card.Body>
          <FilterBar
            listId={listId}
            fields={fields}
            initialValues={hasTypes ? { content_type: contentType ?? logTypes[0].value } : undefined}
          />
          <DataTable<LogEntry & Record<string, unknown>>
            listId={listId}
            tableId="log"
            path={path ?? LOG_LIST_PATH}
            columns={LOG_COLUMNS}
            extraParams={extraParams}
            rowKey={(r) => r.id}
            rowHeight={logRowHeight}
            notLoadedText={LOG_NOT_LOADED_TEXT}
            aria-label={title}
          />
        </Card.Body>
      </Card.Root>
    </ListScope>
  );
}
