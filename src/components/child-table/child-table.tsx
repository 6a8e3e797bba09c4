/**
 * The rows a record owns (an operator's documents, a client's sites, a contract's prices, a
 * service's costs…): one table with its loading, error and empty states, adding a row, editing one
 * and deleting one after a confirmation, and one policy for a failed save (components/form/
 * save-failure: a 400's reasons under the fields, anything else a toast, what was typed kept).
 *
 * The screen gives the columns, the fields and the calls (an RTK Query mutation's `.unwrap()`);
 * this holds only which dialog is open. The form stands either in a dialog opened by 'Aggiungi'
 * beside the table's heading and by 'Modifica' on each row (`placement: "dialog"`), or under the
 * table as a row of fields with 'Aggiungi' that starts again empty once saved (`"inline"`).
 */
import { Box, Button, Heading, HStack, Table } from "@chakra-ui/react";
import { type ReactNode, useState } from "react";
import { EMPTY_TEXT } from "../data-table/list-alerts";
import { DeleteRowButton, type DeleteTexts } from "../delete-row-button";
import { type FailureWording, REQUEST_ERROR_WORDING } from "../form/save-failure";
import { type ChildField, changedFields } from "./child-fields";
import { DialogRowForm, InlineRowForm, type RowValidate } from "./row-forms";
import { RowsState } from "./rows-state";
import { type SaveOutcome, submitRow } from "./submit-row";

export type ChildRow = { id: number | string };
export type RowValues = Record<string, unknown>;

export interface ChildColumn<T> {
  header: string;
  render: (row: T) => ReactNode;
}

interface FormCommon<V> {
  fields: readonly ChildField[];
  /** Checks before anything is sent (the domain's validator of the resource). */
  validate?: RowValidate<V>;
}

/** 'Aggiungi' above the table and 'Modifica' on each row open the form in a dialog. */
export interface DialogForm<T, V> extends FormCommon<V> {
  placement: "dialog";
  /** The dialog's titles, in the noun's own gender: { add: 'Nuova sede', edit: 'Modifica sede' }. */
  titles: { add: string; edit: string };
  /** The form's values for a row (edit) or for a new one (undefined); the row's own fields by default. */
  toValues?: (row: T | undefined) => Partial<V>;
}

/** The form stands under the table, adding rows only. */
export interface InlineForm<V> extends FormCommon<V> {
  placement: "inline";
  /** The form's accessible name ('Nuovo prezzo'). */
  label: string;
}

export interface ChildTableProps<T extends ChildRow, V extends object = RowValues> {
  /** The table's accessible name, and its heading with a dialog form. */
  label: string;
  rows: readonly T[] | undefined;
  isLoading: boolean;
  /** A failed load: its message replaces the table. */
  error?: unknown;
  columns: readonly ChildColumn<T>[];
  /** The empty table's text; 'Nessun risultato trovato' by default. */
  empty?: string;
  /** How failures are worded on this screen (SPEC §8); 'Si è verificato un errore (…)' by default. */
  wording?: FailureWording;
  form?: DialogForm<T, V> | InlineForm<V>;
  /**
   * Saves a new row (`row` undefined: every value of the form) or an edited one (only the fields
   * that changed — a PUT changes only what it names —, a cleared one as ''); rejects on failure.
   * Needed by `form`.
   */
  save?: (values: Partial<V>, row: T | undefined) => Promise<unknown>;
  /** Deletes a row, asked first; each row then has 'Elimina'. Rejects on failure. */
  remove?: (row: T) => Promise<unknown>;
  /** The confirmation's texts; `what` names the row (for the question and the button's accessible name). */
  confirm?: Omit<DeleteTexts, "what" | "failed"> & { what?: (row: T) => string };
}

export function ChildTable<T extends ChildRow, V extends object = RowValues>(props: ChildTableProps<T, V>) {
  const { label, rows, isLoading, error, columns, empty = EMPTY_TEXT, form, save, remove, confirm } = props;
  const wording = props.wording ?? REQUEST_ERROR_WORDING;
  const dialog = save && form?.placement === "dialog" ? form : undefined;
  const inline = save && form?.placement === "inline" ? form : undefined;
  const [editing, setEditingState] = useState<{ row: T | undefined; initial: Partial<V> } | null>(null);
  const edit = (row: T | undefined) =>
    setEditingState({ row, initial: dialog?.toValues ? dialog.toValues(row) : ({ ...(row ?? {}) } as Partial<V>) });
  const submit = (values: Partial<V>, row?: T) =>
    submitRow(() => (save ? save(values, row) : Promise.resolve()), wording);
  const actions = Boolean(dialog || remove);
  const list = rows ?? [];

  return (
    <Box mb="6">
      {dialog && (
        <HStack justify="space-between" mb="2">
          <Heading size="md">{label}</Heading>
          <Button size="sm" onClick={() => edit(undefined)}>
            Aggiungi
          </Button>
        </HStack>
      )}
      <RowsState isLoading={isLoading} error={error} wording={wording}>
        <Table.Root size="sm" variant="outline" aria-label={label}>
          <Table.Header>
            <Table.Row>
              {columns.map((c) => (
                <Table.ColumnHeader key={c.header}>{c.header}</Table.ColumnHeader>
              ))}
              {actions && <Table.ColumnHeader />}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={columns.length + (actions ? 1 : 0)}>{empty}</Table.Cell>
              </Table.Row>
            )}
            {list.map((row) => (
              <Table.Row key={row.id}>
                {columns.map((c) => (
                  <Table.Cell key={c.header}>{c.render(row)}</Table.Cell>
                ))}
                {actions && (
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    {dialog && (
                      <Button size="xs" variant="ghost" onClick={() => edit(row)}>
                        Modifica
                      </Button>
                    )}
                    {remove && (
                      <DeleteRowButton
                        what={confirm?.what?.(row)}
                        title={confirm?.title}
                        question={confirm?.question}
                        done={confirm?.done}
                        failed={wording.failed}
                        onDelete={() => remove(row)}
                      />
                    )}
                  </Table.Cell>
                )}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </RowsState>
      {inline && (
        <InlineRowForm<V> label={inline.label} fields={inline.fields} validate={inline.validate} submit={submit} />
      )}
      {dialog && (
        <DialogRowForm<V>
          title={editing?.row ? dialog.titles.edit : dialog.titles.add}
          initialValues={editing?.initial}
          fields={dialog.fields}
          validate={dialog.validate}
          submit={(values) => {
            if (!editing?.row) return submit(values);
            const changes = changedFields(dialog.fields, editing.initial, values);
            return Object.keys(changes).length
              ? submit(changes, editing.row)
              : Promise.resolve<SaveOutcome>({ saved: true });
          }}
          onClose={() => setEditingState(null)}
        />
      )}
    </Box>
  );
}
