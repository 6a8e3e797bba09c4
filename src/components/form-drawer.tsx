/**
 * FormDrawer: a final-form in a side drawer (SPEC §9: 350 px) — the title, the fields (the caller's),
 * the form's own error, and 'Annulla' and the submit button in a footer that stays in view while the
 * body scrolls (also on a short screen). With `requireDirty` (an edit, SPEC §5) the submit button is
 * enabled only once the form has changed. Used by the staff user, the CMS user and the new event.
 *
 *   <FormDrawer<Values>
 *     open={open} onClose={close} title="Nuovo evento" label="Nuovo evento" submitLabel="Aggiungi"
 *     initialValues={initial} validate={validate} onSubmit={save}
 *   >
 *     {() => <TextField name="titolo" label="Titolo" required />}
 *   </FormDrawer>
 */
import { Button, CloseButton, Drawer, Portal, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Form, type FormProps, type FormRenderProps } from "react-final-form";
import { LAYOUT } from "../lib/theme";
import { FormError } from "./form/form-error";

/** The form holds the drawer's header, body and footer: a column as tall as the drawer. */
const DRAWER_FORM = { display: "flex", flexDirection: "column", height: "100%", minHeight: 0 } as const;

export interface FormDrawerProps<V extends object> {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The form's accessible name. */
  label: string;
  /** 'Salva', 'Aggiungi', 'Applica'. */
  submitLabel: string;
  /** Memoised by the caller: a new object on every render re-initialises the form. */
  initialValues: FormProps<V>["initialValues"];
  validate?: FormProps<V>["validate"];
  onSubmit: FormProps<V>["onSubmit"];
  /** The submit button is enabled only when the form has changed. */
  requireDirty?: boolean;
  /** A new key starts the form again (another record). */
  formKey?: string | number;
  /** The fields, given final-form's render props (values, form…). */
  children: (props: FormRenderProps<V>) => ReactNode;
}

export function FormDrawer<V extends object>(props: FormDrawerProps<V>) {
  const { open, onClose, title, label, submitLabel, requireDirty = false, formKey, children } = props;
  return (
    <Drawer.Root open={open} onOpenChange={(d) => !d.open && onClose()} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content w={`${LAYOUT.drawerWidth}px`} maxW="100vw">
            <Form<V>
              key={formKey}
              onSubmit={props.onSubmit}
              initialValues={props.initialValues}
              validate={props.validate}
              render={(rp) => (
                <form onSubmit={rp.handleSubmit} noValidate aria-label={label} style={DRAWER_FORM}>
                  <Drawer.Header>
                    <Drawer.Title>{title}</Drawer.Title>
                  </Drawer.Header>
                  <Drawer.Body>
                    <Stack gap="3">
                      <FormError message={rp.submitError} />
                      {children(rp)}
                    </Stack>
                  </Drawer.Body>
                  <Drawer.Footer>
                    <Button variant="outline" onClick={onClose}>
                      Annulla
                    </Button>
                    <Button
                      type="submit"
                      colorPalette="blue"
                      loading={rp.submitting}
                      disabled={requireDirty && rp.pristine}
                    >
                      {submitLabel}
                    </Button>
                  </Drawer.Footer>
                </form>
              )}
            />
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Chiudi" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
