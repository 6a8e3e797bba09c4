/** Contract → dati-generali: every field of SPEC §3 Contract; save, and delete with confirmation. */
import { Button, HStack, SimpleGrid, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { Form } from "react-final-form";
import { useNavigate } from "react-router-dom";
import { errorMessage } from "../../../api/base";
import {
  type Contratto,
  useClientiOptionsQuery,
  useCreateContrattoMutation,
  useDeleteContrattoMutation,
  useUpdateContrattoMutation,
} from "../../../api/pianificazione/contratti.endpoints";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { CheckboxField, DateField, SelectField, saveFailure, TextareaField, TextField } from "../../../components/form";
import { TIPI_CONTRATTO } from "../../../domain/contratto";
import { notify } from "../../../lib/toaster";
import { MSG } from "../common/messages";
import { type ContrattoFormValues, contrattoFormValues, contrattoPayload } from "./contratto-form.values";

const LIST_PATH = "/pianificazione/contratti";

export function ContrattoForm({ contratto }: { contratto?: Contratto }) {
  const navigate = useNavigate();
  const clienti = useClientiOptionsQuery();
  const [create] = useCreateContrattoMutation();
  const [update] = useUpdateContrattoMutation();
  const [remove, removal] = useDeleteContrattoMutation();
  const [confirming, setConfirming] = useState(false);

  const onSubmit = async (values: ContrattoFormValues) => {
    const data = contrattoPayload(values);
    try {
      if (contratto) {
        await update({ id: contratto.id, data }).unwrap();
        notify.success(MSG.saved);
      } else {
        const created = await create(data).unwrap();
        notify.success(MSG.saved);
        navigate(`${LIST_PATH}/${created.id}/dati-generali`);
      }
      return undefined;
    } catch (err) {
      return saveFailure(err);
    }
  };

  const onDelete = async () => {
    if (!contratto) return;
    try {
      await remove(contratto.id).unwrap();
      setConfirming(false);
      navigate(LIST_PATH);
    } catch (err) {
      setConfirming(false);
      notify.error(MSG.requestError(errorMessage(err)));
    }
  };

  const clientOptions = (clienti.data?.results ?? []).map((c) => ({ value: String(c.id), label: c.ragione_sociale }));
  if (contratto?.cliente && !clientOptions.some((o) => o.value === String(contratto.cliente.id)))
    clientOptions.push({ value: String(contratto.cliente.id), label: contratto.cliente.ragione_sociale });

  return (
    <>
      <Form<ContrattoFormValues>
        onSubmit={onSubmit}
        initialValues={contrattoFormValues(contratto)}
        render={({ handleSubmit, submitting, form }) => (
          <form
            onSubmit={async (e) => {
              e.preventDefault();
              if (form.getState().invalid) notify.error(MSG.validation);
              await handleSubmit(e);
            }}
            noValidate
            aria-label="Dati generali del contratto"
          >
            <Stack gap="4">
              <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
                <TextField name="titolo" label="Titolo" required />
                <SelectField name="cliente" label="Cliente" options={clientOptions} required />
                <SelectField
                  name="tipo_contratto"
                  label="Tipo contratto"
                  options={TIPI_CONTRATTO.map((t) => ({ value: t, label: t }))}
                />
                <TextField name="numero_contratto" label="Numero contratto" />
                <TextField name="tipo_servizio" label="Tipo servizio" />
                <TextField name="sede" label="Sede" />
                <TextField name="agente" label="Agente" />
                <TextField name="subagente" label="Subagente" />
                <TextField name="responsabile" label="Responsabile" />
                <TextField name="responsabile_zona" label="Responsabile di zona" />
                <TextField name="azienda_app" label="Azienda appaltatrice" />
                <TextField name="azienda_ese" label="Azienda esecutrice" />
                <DateField name="data_disattivazione" label="Data disattivazione" />
                <SelectField
                  name="notifica_allarme"
                  label="Notifica allarme"
                  blank="Non impostato"
                  options={[
                    { value: "true", label: "Sì" },
                    { value: "false", label: "No" },
                  ]}
                />
                <SelectField
                  name="sono_vigile"
                  label="Sono vigile"
                  blank="—"
                  options={[
                    { value: "0", label: "No" },
                    { value: "1", label: "Sì" },
                  ]}
                />
                <TextField
                  name="anomalie_minuti"
                  label="Anomalie: minuti senza timbratura"
                  type="number"
                  helperText="Dopo l'inizio senza ingresso, dopo la fine senza uscita (predefinito 15)"
                />
                <TextField
                  name="anomalie_distanza_m"
                  label="Anomalie: distanza massima (m)"
                  type="number"
                  helperText="Dall'indirizzo del servizio al punto dell'ingresso (predefinito 300)"
                />
              </SimpleGrid>
              <HStack gap="6" wrap="wrap">
                <CheckboxField name="attivo" label="Attivo" />
                <CheckboxField name="allarme" label="Allarme" />
                <CheckboxField name="notifica" label="Notifica" />
              </HStack>
              <TextareaField name="annotazioni" label="Annotazioni" />
              <HStack justify="space-between">
                {contratto ? (
                  <Button colorPalette="red" variant="outline" onClick={() => setConfirming(true)}>
                    Elimina contratto
                  </Button>
                ) : (
                  <span />
                )}
                <Button type="submit" colorPalette="blue" loading={submitting}>
                  Salva
                </Button>
              </HStack>
            </Stack>
          </form>
        )}
      />
      <ConfirmDialog
        open={confirming}
        title="Elimina contratto"
        question={MSG.deleteContratto}
        loading={removal.isLoading}
        onConfirm={onDelete}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
