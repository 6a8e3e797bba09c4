/**
 * The add-event drawer of /cms/eventi (SPEC §9: 350 px): titolo, descrizione, indirizzo, citta,
 * prov (province selector), data_inizio, data_fine — all required ('Questo campo è obbligatorio',
 * SPEC §5) —, visualizzatori, contatore, abilitato; POST /api/cms/eventi/ with {data}; toast
 * 'Evento aggiunto correttamente'.
 */
import { useMemo } from "react";
import { useCreateEventoMutation } from "../../../api/cms/eventi.endpoints";
import { CheckboxField, DateTimeField, saveFailure, TextareaField, TextField } from "../../../components/form";
import { ProvinciaField } from "../../../components/form/provincia-field";
import { FormDrawer } from "../../../components/form-drawer";
import { OBBLIGATORIO } from "../../../domain/cms";
import { notify } from "../../../lib/toaster";
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
    <FormDrawer<EventoValues>
      open={open}
      onClose={onClose}
      title="Nuovo evento"
      label="Nuovo evento"
      submitLabel="Aggiungi"
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
    >
      {() => (
        <>
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
        </>
      )}
    </FormDrawer>
  );
}
