/**
 * The operator's anagrafica tab (and the new-operator page): every field of SPEC §3 in sections,
 * react-final-form validated by `validateOperatore` (src/domain, the same rule the server runs),
 * errors under the fields, red asterisks on the required ones. Save → 'Modifiche salvate
 * correttamente' and the form is reset with the server's answer (the cached record is replaced);
 * a refused save puts the server's per-field errors under the fields. Delete asks for confirmation.
 */
import { Alert, Box, Button, Fieldset, GridItem, Heading, HStack, SimpleGrid, Stack } from "@chakra-ui/react";
import { type ReactNode, useMemo, useState } from "react";
import { Form } from "react-final-form";
import { useNavigate } from "react-router-dom";
import {
  useCreateOperatoreMutation,
  useDeleteOperatoreMutation,
  useUpdateOperatoreMutation,
} from "../../../api/anagrafiche/operatori.endpoints";
import { errorMessage } from "../../../api/base";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import {
  DateField,
  SERVER_MESSAGE_WORDING,
  SelectField,
  saveFailure,
  TextareaField,
  TextField,
} from "../../../components/form";
import type { OperatoreRecord } from "../../../domain/contracts/anagrafiche/operatori";
import { OPERATORE_REQUIRED, validateOperatore } from "../../../domain/operatore";
import { notify } from "../../../lib/toaster";
import { useCurrentUser } from "../../../machines/session-context";
import { CheckboxGroupField, ProvinciaField, SwitchField } from "../common/form-controls";
import { MSG } from "../common/messages";
import { OperatoreFiles } from "./operatore-files";
import { emptyOperatore, type FormValues, toFormValues, toPayload } from "./operatore-form.values";

const REQUIRED = new Set<string>(OPERATORE_REQUIRED);
const SESSO = [
  { value: "M", label: "Maschio" },
  { value: "F", label: "Femmina" },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Fieldset.Root borderWidth="1px" borderRadius="md" p="4">
      <Fieldset.Legend>
        <Heading size="sm">{title}</Heading>
      </Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="3" mt="2">
        {children}
      </SimpleGrid>
    </Fieldset.Root>
  );
}

const T = (name: string, label: string, type = "text") => (
  <TextField key={name} name={name} label={label} type={type} required={REQUIRED.has(name)} />
);
const D = (name: string, label: string) => (
  <DateField key={name} name={name} label={label} required={REQUIRED.has(name)} />
);

export function AnagraficaForm({ record }: { record?: OperatoreRecord }) {
  const navigate = useNavigate();
  const account = useCurrentUser();
  const [create] = useCreateOperatoreMutation();
  const [update] = useUpdateOperatoreMutation();
  const [remove, { isLoading: deleting }] = useDeleteOperatoreMutation();
  const [confirm, setConfirm] = useState(false);
  const initialValues = useMemo(() => (record ? toFormValues(record) : emptyOperatore()), [record]);
  const posizioni = account?.settings.posizioni ?? [];
  const valutazioni = (account?.settings.valutazioni ?? []).map((v) => ({ value: String(v.id), label: v.descrizione }));

  async function onSubmit(values: FormValues) {
    try {
      if (record) {
        await update({ id: record.id, data: toPayload(values, record) }).unwrap();
        notify.success(MSG.saved);
      } else {
        const saved = await create(toPayload(values)).unwrap();
        notify.success(MSG.saved);
        navigate(`/anagrafiche/operatori/${saved.id}/anagrafica`);
      }
      return undefined;
    } catch (e) {
      return saveFailure(e, SERVER_MESSAGE_WORDING);
    }
  }

  async function onDelete() {
    if (!record) return;
    try {
      const answer = await remove(record.id).unwrap();
      if (answer.result === "OK") {
        setConfirm(false);
        notify.success(MSG.operatoreEliminato);
        navigate("/anagrafiche/operatori");
      }
    } catch (e) {
      notify.error(errorMessage(e));
    }
  }

  return (
    <Box>
      <Form<FormValues> initialValues={initialValues} validate={(v) => validateOperatore(v)} onSubmit={onSubmit}>
        {({ handleSubmit, submitting, submitError, pristine }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Anagrafica operatore">
            <Stack gap="4">
              {submitError && (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Title>{String(submitError)}</Alert.Title>
                </Alert.Root>
              )}
              <Section title="Dati personali">
                {T("codice", "Codice")}
                {T("cognome", "Cognome")}
                {T("nome", "Nome")}
                <SelectField name="sesso" label="Sesso" options={SESSO} required />
                {T("codice_fiscale", "Codice fiscale")}
                {D("data_nascita", "Data di nascita")}
                {T("luogo_nascita", "Luogo di nascita")}
                <ProvinciaField name="prov_nascita" label="Provincia di nascita" />
                {T("cittadinanza", "Cittadinanza")}
                {T("titolo_studio", "Titolo di studio")}
                {T("cp_rilasciato_da", "Carta/permesso rilasciato da")}
                {D("cp_rilasciato_il", "Carta/permesso rilasciato il")}
                {D("cp_scadenza", "Scadenza carta/permesso")}
              </Section>
              <Section title="Residenza">
                {T("indirizzo", "Indirizzo")}
                {T("numero", "Numero civico")}
                {T("cap", "CAP")}
                {T("citta", "Città")}
                <ProvinciaField name="prov" label="Provincia" />
              </Section>
              <Section title="Domicilio">
                {T("d_indirizzo", "Indirizzo di domicilio")}
                {T("d_numero", "Numero civico di domicilio")}
                {T("d_cap", "CAP di domicilio")}
                {T("d_citta", "Città di domicilio")}
                <ProvinciaField name="d_prov" label="Provincia di domicilio" />
              </Section>
              <Section title="Contatti">
                {T("cellulare", "Cellulare", "tel")}
                {T("telefono", "Telefono", "tel")}
                {T("email", "E-mail", "email")}
                {T("pec", "PEC", "email")}
                <SwitchField name="sms" label="Riceve SMS" />
                <SwitchField name="applicazione" label="Usa l'applicazione" />
              </Section>
              <Section title="Banca">
                {T("iban", "IBAN")}
                {D("data_iban", "Data IBAN")}
              </Section>
              <Section title="Caratteristiche fisiche">
                {T("altezza", "Altezza (cm)", "number")}
                {T("peso", "Peso (kg)", "number")}
              </Section>
              <Section title="Azienda">
                {T("referente", "Referente")}
                {T("area_agenzia", "Area agenzia")}
                {T("area_sede", "Area sede")}
                {D("data_iscrizione", "Data iscrizione")}
                {T("cod_pref", "Codice preferenza")}
                <SelectField name="rating" label="Valutazione" options={valutazioni} />
                <GridItem colSpan={{ base: 1, md: 2, lg: 3 }}>
                  <CheckboxGroupField
                    name="posizioni"
                    label="Qualifiche"
                    options={posizioni.map((p) => ({ value: String(p.id), label: p.descrizione }))}
                  />
                </GridItem>
              </Section>
              <Section title="Stato">
                <SwitchField name="attivo" label="Attivo" />
                <SwitchField name="cessato" label="Cessato" />
                <SwitchField name="black_list" label="Black list" />
                {D("data_disattivazione", "Data disattivazione")}
                <SwitchField name="ammortizzatori" label="Ammortizzatori sociali" />
                <TextareaField name="amm_note" label="Note ammortizzatori" />
              </Section>
              <HStack justify="space-between">
                <Button type="submit" loading={submitting} disabled={Boolean(record) && pristine}>
                  {record ? "Salva modifiche" : "Crea operatore"}
                </Button>
                {record && (
                  <Button colorPalette="red" variant="outline" onClick={() => setConfirm(true)}>
                    Elimina operatore
                  </Button>
                )}
              </HStack>
            </Stack>
          </form>
        )}
      </Form>
      {record && (
        <Box mt="6">
          <OperatoreFiles record={record} />
        </Box>
      )}
      <ConfirmDialog
        open={confirm}
        title="Elimina operatore"
        question={MSG.deleteOperatore}
        loading={deleting}
        onClose={() => setConfirm(false)}
        onConfirm={onDelete}
      />
    </Box>
  );
}
