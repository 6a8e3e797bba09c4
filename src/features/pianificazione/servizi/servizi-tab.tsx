/** Contract → servizi: the contract's services and the 'Nuovo servizio' form (days of week, shift rows). */
import {
  Box,
  Button,
  Checkbox,
  Fieldset,
  Grid,
  Heading,
  HStack,
  IconButton,
  SimpleGrid,
  Stack,
} from "@chakra-ui/react";
import { useState } from "react";
import { Field, Form } from "react-final-form";
import { Link as RouterLink } from "react-router-dom";
import { useCreateServizioMutation, useServiziQuery } from "../../../api/pianificazione/servizi.endpoints";
import { ChildTable } from "../../../components/child-table";
import { DateField, SelectField, saveFailure, TextField, TimeField } from "../../../components/form";
import { formatDate } from "../../../domain/format";
import { CAPABILITIES, hasAny } from "../../../domain/permissions";
import { notify } from "../../../lib/toaster";
import { useCurrentUser, usePermissions } from "../../../machines/session-context";
import { MSG } from "../common/messages";
import {
  EMPTY_TURNO,
  GIORNI_SETTIMANA,
  type ServizioFormValues,
  servizioFormDefaults,
  servizioPayload,
} from "./servizio-form.values";

export function ServiziTab({ idContratto }: { idContratto: number }) {
  const { data, isLoading, error } = useServiziQuery(idContratto);
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Heading size="md">Servizi</Heading>
        <Button onClick={() => setAdding((a) => !a)} colorPalette="blue" variant={adding ? "outline" : "solid"}>
          {adding ? "Chiudi" : "Nuovo servizio"}
        </Button>
      </HStack>
      {adding && <NuovoServizioForm idContratto={idContratto} onDone={() => setAdding(false)} />}
      <ChildTable
        label="Servizi del contratto"
        rows={data}
        isLoading={isLoading}
        error={error}
        columns={[
          {
            header: "Descrizione",
            render: (s) => (
              <RouterLink to={`/pianificazione/contratti/${idContratto}/servizi/${s.id}/assegnazione-risorse`}>
                {s.descrizione || `Servizio ${s.id}`}
              </RouterLink>
            ),
          },
          { header: "Dal", render: (s) => formatDate(s.dal) },
          { header: "Al", render: (s) => formatDate(s.al) },
          { header: "Indirizzo", render: (s) => s.indirizzo },
        ]}
      />
    </Stack>
  );
}

/** A shift on one line: four times, the qualification, the head count, remove (two columns when narrow). */
const SHIFT_COLUMNS = {
  base: "repeat(2, minmax(0, 1fr))",
  lg: "repeat(4, 8.5rem) minmax(12rem, 1fr) 8.5rem auto",
};

function NuovoServizioForm({ idContratto, onDone }: { idContratto: number; onDone: () => void }) {
  const [create] = useCreateServizioMutation();
  const deroghe = hasAny(usePermissions(), CAPABILITIES.contrattiDeroghe);
  const posizioni = (useCurrentUser()?.settings.posizioni ?? []).map((p) => ({
    value: String(p.id),
    label: p.descrizione,
  }));
  return (
    <Form<ServizioFormValues>
      onSubmit={async (values) => {
        try {
          await create({
            idContratto,
            data: servizioPayload(values),
            deroga: values.deroga?.trim() || undefined,
          }).unwrap();
          notify.success(MSG.saved);
          onDone();
          return undefined;
        } catch (err) {
          return saveFailure(err);
        }
      }}
      initialValues={servizioFormDefaults()}
      render={({ handleSubmit, submitting, form, values }) => (
        <Box as="form" onSubmit={handleSubmit} borderWidth="1px" rounded="md" p="4" aria-label="Nuovo servizio">
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 4 }} gap="3">
              <DateField name="dal" label="Dal" required />
              <DateField name="al" label="Al" required />
              <TextField name="descrizione" label="Descrizione" />
              <TextField name="indirizzo" label="Indirizzo" />
            </SimpleGrid>
            {deroghe && <TextField name="deroga" label="Motivazione della deroga (solo se crea giorni passati)" />}
            <Fieldset.Root>
              <Fieldset.Legend>Giorni della settimana</Fieldset.Legend>
              <HStack gap="4" wrap="wrap">
                {GIORNI_SETTIMANA.map((g) => (
                  <Field key={g.value} name="giorni_settimana" type="checkbox" value={String(g.value)}>
                    {({ input }) => (
                      <Checkbox.Root
                        checked={Boolean(input.checked)}
                        onCheckedChange={(d) =>
                          input.onChange({
                            target: { type: "checkbox", checked: d.checked === true, value: input.value },
                          })
                        }
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{g.label}</Checkbox.Label>
                      </Checkbox.Root>
                    )}
                  </Field>
                ))}
              </HStack>
            </Fieldset.Root>
            <Fieldset.Root>
              <Fieldset.Legend>Turni</Fieldset.Legend>
              <Stack gap="2">
                {(values.turni ?? []).map((_, i) => (
                  <Grid
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional form fields
                    key={i}
                    alignItems="end"
                    gap="2"
                    templateColumns={SHIFT_COLUMNS}
                    aria-label={`Turno ${i + 1}`}
                    role="group"
                  >
                    <TimeField name={`turni[${i}].inizio_f1`} label="Inizio" required />
                    <TimeField name={`turni[${i}].fine_f1`} label="Fine" required />
                    <TimeField name={`turni[${i}].inizio_f2`} label="Inizio 2ª fascia" />
                    <TimeField name={`turni[${i}].fine_f2`} label="Fine 2ª fascia" />
                    <SelectField name={`turni[${i}].posizione`} label="Qualifica" options={posizioni} required />
                    <TextField
                      name={`turni[${i}].operatori_richiesti`}
                      label="Operatori richiesti"
                      type="number"
                      min={1}
                    />
                    <IconButton
                      aria-label={`Rimuovi turno ${i + 1}`}
                      variant="ghost"
                      onClick={() =>
                        form.change(
                          "turni",
                          values.turni.filter((__, j) => j !== i),
                        )
                      }
                    >
                      ✕
                    </IconButton>
                  </Grid>
                ))}
                <Button
                  alignSelf="start"
                  variant="outline"
                  size="sm"
                  onClick={() => form.change("turni", [...(values.turni ?? []), { ...EMPTY_TURNO }])}
                >
                  Aggiungi turno
                </Button>
              </Stack>
            </Fieldset.Root>
            <HStack justify="end">
              <Button type="submit" colorPalette="blue" loading={submitting}>
                Crea servizio
              </Button>
            </HStack>
          </Stack>
        </Box>
      )}
    />
  );
}
