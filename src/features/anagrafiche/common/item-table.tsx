/**
 * A sub-resource list of a record (documents, courses, contracts, sites, contacts…): a table with
 * 'Aggiungi', edit and delete per row, and a dialog form validated by the domain function of the
 * resource. The screen gives the columns, the fields and the calls; this holds only UI state
 * (which dialog is open).
 */
import { Alert, Box, Button, Dialog, Heading, HStack, Portal, SimpleGrid, Table, Text } from "@chakra-ui/react";
import { type ReactNode, useState } from "react";
import { Form } from "react-final-form";
import { errorMessage } from "../../../api/base";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { TextField } from "../../../components/form";
import { type Option, SelectField, TextareaField } from "./form-controls";
import { MSG } from "./messages";

export interface ItemField {
  name: string;
  label: string;
  kind?: "text" | "date" | "datetime-local" | "number" | "select" | "textarea" | "email" | "tel";
  options?: readonly Option[];
  required?: boolean;
}

export interface ItemColumn<T> {
  header: string;
  render: (item: T) => ReactNode;
}

export interface ItemTableProps<T extends { id: number }> {
  title: string;
  /** Singular noun for the dialog title ('documento'). */
  noun: string;
  items: readonly T[] | undefined;
  loading?: boolean;
  /** A failed load: its message is shown instead of the table. */
  error?: unknown;
  columns: ItemColumn<T>[];
  fields: ItemField[];
  validate: (values: Record<string, unknown>) => Record<string, string>;
  /** Form values of an item (edit) or of a new one (undefined). */
  toValues?: (item: T | undefined) => Record<string, unknown>;
  /** Answers the per-field errors of a refused save, or undefined when saved. */
  onSave: (values: Record<string, unknown>, item: T | undefined) => Promise<Record<string, string> | undefined>;
  onDelete: (item: T) => Promise<boolean>;
  readOnly?: boolean;
  rowActions?: (item: T) => ReactNode;
}

function FieldInput({ field }: { field: ItemField }) {
  const kind = field.kind ?? "text";
  if (kind === "select")
    return (
      <SelectField name={field.name} label={field.label} options={field.options ?? []} required={field.required} />
    );
  if (kind === "textarea") return <TextareaField name={field.name} label={field.label} />;
  return <TextField name={field.name} label={field.label} type={kind} required={field.required} />;
}

export function ItemTable<T extends { id: number }>(props: ItemTableProps<T>) {
  const {
    title,
    noun,
    items,
    loading,
    error,
    columns,
    fields,
    validate,
    toValues,
    onSave,
    onDelete,
    readOnly,
    rowActions,
  } = props;
  const [editing, setEditingState] = useState<{ item: T | undefined; initial: Record<string, unknown> } | null>(null);
  // The form's initial values are computed once per opening (a new object on every render would reset the form).
  const setEditing = (open: { item: T | undefined } | null) =>
    setEditingState(open && { item: open.item, initial: toValues ? toValues(open.item) : { ...(open.item ?? {}) } });
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  return (
    <Box mb="6">
      <HStack justify="space-between" mb="2">
        <Heading size="md">{title}</Heading>
        {!readOnly && (
          <Button size="sm" onClick={() => setEditing({ item: undefined })}>
            Aggiungi
          </Button>
        )}
      </HStack>
      {loading ? (
        <Text color="fg.muted">Caricamento in corso…</Text>
      ) : error ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(error)}</Alert.Title>
        </Alert.Root>
      ) : !items?.length ? (
        <Text color="fg.muted">Nessun risultato trovato</Text>
      ) : (
        <Table.Root size="sm" variant="outline" aria-label={title}>
          <Table.Header>
            <Table.Row>
              {columns.map((c) => (
                <Table.ColumnHeader key={c.header}>{c.header}</Table.ColumnHeader>
              ))}
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((item) => (
              <Table.Row key={item.id}>
                {columns.map((c) => (
                  <Table.Cell key={c.header}>{c.render(item)}</Table.Cell>
                ))}
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {rowActions?.(item)}
                  {!readOnly && (
                    <>
                      <Button size="xs" variant="ghost" onClick={() => setEditing({ item })}>
                        Modifica
                      </Button>
                      <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setDeleting(item)}>
                        Elimina
                      </Button>
                    </>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}

      <Dialog.Root open={editing !== null} onOpenChange={(d) => !d.open && setEditing(null)} size="lg">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              {editing && (
                <Form
                  initialValues={editing.initial}
                  validate={(v) => validate(v as Record<string, unknown>)}
                  onSubmit={async (values) => {
                    const errors = await onSave(values as Record<string, unknown>, editing.item);
                    if (!errors) setEditing(null);
                    return errors;
                  }}
                >
                  {({ handleSubmit, submitting }) => (
                    <form onSubmit={handleSubmit} noValidate>
                      <Dialog.Header>
                        <Dialog.Title>{editing.item ? `Modifica ${noun}` : `Nuovo ${noun}`}</Dialog.Title>
                      </Dialog.Header>
                      <Dialog.Body>
                        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                          {fields.map((f) => (
                            <Box key={f.name} gridColumn={f.kind === "textarea" ? { md: "span 2" } : undefined}>
                              <FieldInput field={f} />
                            </Box>
                          ))}
                        </SimpleGrid>
                      </Dialog.Body>
                      <Dialog.Footer>
                        <Button variant="outline" onClick={() => setEditing(null)}>
                          Annulla
                        </Button>
                        <Button type="submit" loading={submitting}>
                          Salva
                        </Button>
                      </Dialog.Footer>
                    </form>
                  )}
                </Form>
              )}
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>

      <ConfirmDialog
        open={deleting !== null}
        title={`Elimina ${noun}`}
        question={MSG.deleteElemento}
        loading={busy}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          setBusy(true);
          const ok = await onDelete(deleting);
          setBusy(false);
          if (ok) setDeleting(null);
        }}
      />
    </Box>
  );
}
