/**
 * The parts of the small tabs of a contract or a service (prezzi, compensi, non graditi, costi,
 * dotazioni, note): a skeleton or the request error around the content, a read-only table with its
 * empty state, and the "Aggiungi" form that saves, says so, and starts again empty — or keeps the
 * values and shows the server's reasons under the fields.
 */
import { Alert, Button, HStack, Skeleton, Table } from "@chakra-ui/react";
import type { FormApi } from "final-form";
import type { ReactNode } from "react";
import { Form } from "react-final-form";
import { errorMessage } from "../../api/base";
import { notify } from "../../lib/toaster";
import { MSG } from "./messages";
import { reportSaveError } from "./save-outcome";

/** A skeleton while loading, the request error, else the children. */
export function Loaded({ isLoading, error, children }: { isLoading: boolean; error: unknown; children: ReactNode }) {
  if (isLoading) return <Skeleton height="24" />;
  if (error)
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{MSG.requestError(errorMessage(error))}</Alert.Title>
      </Alert.Root>
    );
  return <>{children}</>;
}

export function Rows({
  label,
  headers,
  rows,
  empty = "Nessun risultato trovato",
}: {
  label: string;
  headers: string[];
  rows: ReactNode[][];
  empty?: string;
}) {
  return (
    <Table.Root size="sm" aria-label={label}>
      <Table.Header>
        <Table.Row>
          {headers.map((h, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed headers, some of them empty
            <Table.ColumnHeader key={i}>{h}</Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.length === 0 && (
          <Table.Row>
            <Table.Cell colSpan={headers.length}>{empty}</Table.Cell>
          </Table.Row>
        )}
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: read-only rows
          <Table.Row key={i}>
            {r.map((c, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: read-only cells
              <Table.Cell key={j}>{c}</Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** Runs a save: success toast and `reset`, or the server's field errors for final-form. */
export async function saving(call: () => Promise<unknown>, reset: () => void) {
  try {
    await call();
    notify.success(MSG.saved);
    setTimeout(reset);
    return undefined;
  } catch (err) {
    return reportSaveError(err);
  }
}

type Values = Record<string, string | undefined>;

/** The fields side by side on a wide screen, wrapping on a narrow one; the button at its own width. */
const ONE_ROW = { "& > *": { flex: "1 1 10rem", width: "auto" }, "& > button": { flex: "0 0 auto" } };

/**
 * The "Aggiungi" form under a tab's table. `check` answers field errors before anything is sent;
 * `children` may take the form to set values from a picker.
 */
export function AddRowForm({
  label,
  onAdd,
  check,
  children,
}: {
  label: string;
  onAdd: (values: Values) => Promise<unknown>;
  check?: (values: Values) => Record<string, string> | undefined;
  children: ReactNode | ((form: FormApi<Values>) => ReactNode);
}) {
  return (
    <Form
      onSubmit={(v: Values, form) =>
        check?.(v) ??
        saving(
          () => onAdd(v),
          () => form.restart(),
        )
      }
      render={({ handleSubmit, submitting, form }) => (
        <form onSubmit={handleSubmit} aria-label={label}>
          <HStack align="end" mt="4" gap="3" wrap="wrap" css={ONE_ROW}>
            {typeof children === "function" ? children(form) : children}
            <Button type="submit" loading={submitting}>
              Aggiungi
            </Button>
          </HStack>
        </form>
      )}
    />
  );
}
