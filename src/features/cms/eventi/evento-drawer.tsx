/**
 * The add-event drawer of /cms/eventi (SPEC §9: 350 px): titolo, descrizione, indirizzo, citta,
 * prov (province selector), data_inizio, data_fine — all required ('Questo campo è obbligatorio',
 * SPEC §5) —, visualizzatori, contatore, abilitato; POST /api/cms/eventi/ with {data}; toast
 * 'Evento aggiunto correttamente'.
 */
import { Button, CloseButton, Drawer, Portal, Stack } from "@chakra-ui/react";
import { useMemo } from "react";
import { Form } from "react-final-form";
import { useCreateEventoMutation } from "../../../api/cms/eventi.endpoints";
import { CheckboxField, DateTimeField, saveFailure, TextareaField, TextField } from "../../../components/form";
import { FormError } from "../../../components/form/form-error";
import { ProvinciaField } from "../../../components/form/provincia-field";
import { OBBLIGATORIO } from "../../../domain/cms";
import { LAYOUT } from "../../../lib/theme";
import { notify } from "../../../lib/toaster";
import { DRAWER_FORM } from "../common/drawer-form";
import { CMS_WORDING, MSG } from "../common/messages";
import { type EventoValues, toData, toValues } from "./evento-form-values";
import { VisualizzatoriField } from "./visualizzatori-field";

const REQUIRED = ["titolo", "descrizione", "indirizzo", "citta", "prov", "data_inizio", "data_fine"] as const;

function validate(v: EventoValues) {
  const errors: Record<string, string> = {};
  for (const f of REQUIRED) if (!String(v[f] ?? "").trim()) errors[f] = OBBLIGATORIO;
  return errors;
}

export function EventoDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [create] = useCreateEventoMutation();
  const initial = useMemo(() => toValues(), []);
  return (
    <Drawer.Root open={open} onOpenChange={(d) => !d.open && onClose()} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content w={`${LAYOUT.drawerWidth}px`} maxW="100vw">
            <Form<EventoValues>
              onSubmit={async (v) => {
                try {
                  await create(toData(v)).unwrap();
                } catch (e) {
                  return saveFailure(e, CMS_WORDING);
                }
                notify.success(MSG.eventoAggiunto);
                onClose();
                return undefined;
              }}
              initialValues={initial}
              validate={validate}
              render={({ handleSubmit, submitting, submitError }) => (
                <form onSubmit={handleSubmit} noValidate aria-label="Nuovo evento" style={DRAWER_FORM}>
                  <Drawer.Header>
                    <Drawer.Title>Nuovo evento</Drawer.Title>
                  </Drawer.Header>
                  <Drawer.Body>
                    <Stack gap="3">
                      <FormError message={submitError} />
                      <TextField name="titolo" label="Titolo" required />
                      <TextareaField name="descrizione" label="Descrizione" required />
                      <TextField name="indirizzo" label="Indirizzo" required />
                      <TextField name="citta" label="Città" required />
                      <ProvinciaField name="prov" label="Provincia" required />
                      <DateTimeField name="data_inizio" label="Data inizio" required />
                      <DateTimeField name="data_fine" label="Data fine" required />
                      <VisualizzatoriField />
                      <CheckboxField name="contatore" label="Contatore su app" />
                      <CheckboxField name="abilitato" label="Abilitato" />
                    </Stack>
                  </Drawer.Body>
                  <Drawer.Footer>
                    <Button variant="outline" onClick={onClose}>
                      Annulla
                    </Button>
                    <Button type="submit" colorPalette="blue" loading={submitting}>
                      Aggiungi
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
