/**
 * The two places a child table's form stands: a dialog ('Nuovo …' / 'Modifica …', closed once saved)
 * or a row of fields under the table with 'Aggiungi' (started again empty once saved). A failed save
 * leaves either open with what was typed and the server's reasons under the fields.
 */
import { Box, Button, Dialog, HStack, Portal, SimpleGrid } from "@chakra-ui/react";
import type { SubmissionErrors } from "final-form";
import { Form } from "react-final-form";
import { FormError } from "../form/form-error";
import { type ChildField, ChildFieldInput } from "./child-fields";
import type { SaveOutcome } from "./submit-row";

/** Form-level checks before anything is sent: field name → message. */
export type RowValidate<V> = (values: V) => Record<string, string> | undefined;

/** The fields side by side on a wide screen, wrapping on a narrow one; the button at its own width. */
const ONE_ROW = { "& > *": { flex: "1 1 10rem", width: "auto" }, "& > button": { flex: "0 0 auto" } };

export function InlineRowForm<V extends object>(props: {
  label: string;
  fields: readonly ChildField[];
  validate?: RowValidate<V>;
  submit: (values: V) => Promise<SaveOutcome>;
}) {
  const { label, fields, validate, submit } = props;
  return (
    <Form<V>
      validate={validate}
      onSubmit={async (values, form) => {
        const outcome = await submit(values);
        if (outcome.saved) setTimeout(() => form.restart());
        return outcome.errors;
      }}
      render={({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} aria-label={label}>
          <HStack align="end" mt="4" gap="3" wrap="wrap" css={ONE_ROW}>
            {fields.map((f) => (
              <ChildFieldInput key={f.name} field={f} />
            ))}
            <Button type="submit" loading={submitting}>
              Aggiungi
            </Button>
          </HStack>
          <FormError message={submitError} />
        </form>
      )}
    />
  );
}

export function DialogRowForm<V extends object>(props: {
  /** 'Nuovo {noun}' or 'Modifica {noun}'. */
  title: string;
  /** The form's values when it opened (a new object on every render would reset the form). */
  initialValues: Partial<V> | undefined;
  fields: readonly ChildField[];
  validate?: RowValidate<V>;
  submit: (values: V) => Promise<SaveOutcome>;
  onClose: () => void;
}) {
  const { title, initialValues, fields, validate, submit, onClose } = props;
  return (
    <Dialog.Root open={initialValues !== undefined} onOpenChange={(d) => !d.open && onClose()} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {initialValues && (
              <Form<V>
                initialValues={initialValues}
                validate={validate}
                onSubmit={async (values): Promise<SubmissionErrors> => {
                  const outcome = await submit(values);
                  if (outcome.saved) onClose();
                  return outcome.errors;
                }}
              >
                {({ handleSubmit, submitting, submitError }) => (
                  <form onSubmit={handleSubmit} noValidate>
                    <Dialog.Header>
                      <Dialog.Title>{title}</Dialog.Title>
                    </Dialog.Header>
                    <Dialog.Body>
                      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                        {fields.map((f) => (
                          <Box key={f.name} gridColumn={f.kind === "textarea" ? { md: "span 2" } : undefined}>
                            <ChildFieldInput field={f} />
                          </Box>
                        ))}
                      </SimpleGrid>
                      {submitError && (
                        <Box mt="3">
                          <FormError message={String(submitError)} />
                        </Box>
                      )}
                    </Dialog.Body>
                    <Dialog.Footer>
                      <Button variant="outline" onClick={onClose}>
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
  );
}
