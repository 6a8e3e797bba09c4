/**
 * /form-candidatura (public, no login): personal data, desired positions (public options
 * endpoint), availability, CV (PDF ≤ 5 MB, checked here by type and size and by the server by
 * content), the privacy notice with its required checkbox and a visually hidden honeypot field.
 * Success → 'Candidatura inviata'; 429 → the server's message.
 */
import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  Checkbox,
  Heading,
  Input,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from "@chakra-ui/react";
import { useState } from "react";
import { Field, Form } from "react-final-form";
import { useCandidaturaOpzioniQuery, useInviaCandidaturaMutation } from "../../../api/anagrafiche/candidati.endpoints";
import { errorMessage } from "../../../api/base";
import { DateField, FormField, fieldError, SelectField, TextareaField, TextField } from "../../../components/form";
import { BRAND } from "../../../lib/brand";
import { CheckboxGroupField, SwitchField } from "../common/form-controls";
import { type CandidaturaValues, toFormData, validateCandidaturaForm } from "./candidatura.values";

const SESSO = [
  { value: "M", label: "Maschio" },
  { value: "F", label: "Femmina" },
];

const INITIAL: CandidaturaValues = { sesso: "M", posizioni: [], giorni_disponibili: [], privacy: false };

export const PRIVACY_TEXT =
  "I dati personali inviati con questo modulo sono trattati dall'istituto, titolare del trattamento, al solo fine di " +
  "valutare la candidatura (art. 6.1.b e 13 del Regolamento UE 2016/679). Sono conservati per 24 mesi e non sono " +
  "comunicati a terzi. Puoi chiederne in ogni momento l'accesso, la rettifica o la cancellazione scrivendo all'ufficio " +
  "del personale.";

function CvField() {
  return (
    <Field<File | null> name="cv">
      {({ input, meta }) => (
        <FormField label="Curriculum (PDF, massimo 5 MB)" error={fieldError(meta)}>
          <Input
            type="file"
            accept="application/pdf,.pdf"
            aria-label="Curriculum"
            p="1"
            onChange={(e) => {
              input.onChange(e.target.files?.[0] ?? null);
              input.onBlur();
            }}
          />
        </FormField>
      )}
    </Field>
  );
}

function PrivacyField() {
  return (
    <Field<boolean> name="privacy" type="checkbox">
      {({ input, meta }) => (
        <FormField label="Informativa sulla privacy" required error={fieldError(meta)}>
          <Text fontSize="sm" color="fg.muted" mb="2">
            {PRIVACY_TEXT}
          </Text>
          <Checkbox.Root
            checked={Boolean(input.checked)}
            onCheckedChange={(d) => {
              input.onChange(d.checked === true);
              input.onBlur();
            }}
          >
            <Checkbox.HiddenInput name="privacy" />
            <Checkbox.Control />
            <Checkbox.Label>Ho letto l'informativa e acconsento al trattamento dei miei dati</Checkbox.Label>
          </Checkbox.Root>
        </FormField>
      )}
    </Field>
  );
}

/** The honeypot: hidden from people (and screen readers), filled only by bots. */
function Honeypot() {
  return (
    <VisuallyHidden aria-hidden="true">
      <Field<string> name="sito_web">
        {({ input }) => (
          <label>
            Sito web
            <input {...input} value={input.value ?? ""} tabIndex={-1} autoComplete="off" data-testid="honeypot" />
          </label>
        )}
      </Field>
    </VisuallyHidden>
  );
}

export function CandidaturaPage() {
  const { data: opzioni } = useCandidaturaOpzioniQuery();
  const [invia] = useInviaCandidaturaMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <Center minH="100vh" bg="gray.50" px="4" py="10">
      <Box w="full" maxW="760px">
        <Heading as="p" size="2xl" textAlign="center" mb="1" color="blue.700">
          {BRAND.product}
        </Heading>
        <Text textAlign="center" color="fg.muted" mb="6">
          Lavora con noi
        </Text>
        <Card.Root>
          <Card.Body>
            {sent ? (
              <Stack gap="3" textAlign="center" role="status">
                <Heading as="h1" size="xl">
                  Candidatura inviata
                </Heading>
                <Text>{sent}</Text>
              </Stack>
            ) : (
              <Form<CandidaturaValues>
                initialValues={INITIAL}
                validate={(v) => validateCandidaturaForm(v)}
                onSubmit={async (values) => {
                  setFailure(null);
                  try {
                    const answer = await invia(toFormData(values)).unwrap();
                    setSent(answer.detail);
                    return undefined;
                  } catch (e) {
                    setFailure(errorMessage(e));
                    const status = (e as { status?: unknown }).status;
                    return status === 400
                      ? (e as { data?: { errors?: Record<string, string> } }).data?.errors
                      : undefined;
                  }
                }}
              >
                {({ handleSubmit, submitting }) => (
                  <form onSubmit={handleSubmit} noValidate aria-label="Modulo di candidatura">
                    <Stack gap="4">
                      <Heading as="h1" size="xl">
                        Candidatura
                      </Heading>
                      {failure && (
                        <Alert.Root status="error">
                          <Alert.Indicator />
                          <Alert.Title>{failure}</Alert.Title>
                        </Alert.Root>
                      )}
                      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                        <TextField name="nome" label="Nome" required />
                        <TextField name="cognome" label="Cognome" required />
                        <SelectField name="sesso" label="Sesso" options={SESSO} required />
                        <DateField name="data_nascita" label="Data di nascita" required />
                        <TextField name="codice_fiscale" label="Codice fiscale" />
                        <TextField name="email" label="E-mail" type="email" required />
                        <TextField name="cellulare" label="Cellulare" type="tel" required />
                        <TextField name="citta" label="Città" required />
                        <SelectField
                          name="prov"
                          label="Provincia"
                          required
                          options={(opzioni?.province ?? []).map((p) => ({
                            value: p.abbr,
                            label: `${p.name} (${p.abbr})`,
                          }))}
                        />
                      </SimpleGrid>
                      <CheckboxGroupField
                        name="posizioni"
                        label="Posizioni desiderate"
                        required
                        options={(opzioni?.posizioni ?? []).map((p) => ({ value: String(p.id), label: p.descrizione }))}
                      />
                      <CheckboxGroupField
                        name="giorni_disponibili"
                        label="Giorni disponibili"
                        options={(opzioni?.giorni ?? []).map((g) => ({ value: String(g.id), label: g.nome }))}
                      />
                      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                        <SwitchField name="turni_notturni" label="Disponibile per turni notturni" />
                        <SwitchField name="trasferte" label="Disponibile per trasferte" />
                      </SimpleGrid>
                      <TextareaField name="messaggio" label="Messaggio" rows={4} />
                      <CvField />
                      <PrivacyField />
                      <Honeypot />
                      <Button type="submit" loading={submitting} alignSelf="start">
                        Invia candidatura
                      </Button>
                    </Stack>
                  </form>
                )}
              </Form>
            )}
          </Card.Body>
        </Card.Root>
      </Box>
    </Center>
  );
}
