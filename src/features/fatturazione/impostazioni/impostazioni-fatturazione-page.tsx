/**
 * /impostazioni/fatturazione (administrators, issue 35 item 2): the company's own data that every
 * FatturaPA carries — denominazione, P.IVA, regime fiscale, registered office, REA, IBAN and the
 * payment days. A save sends only what changed; a refused one shows the server's errors under the fields.
 */
import { Box, Button, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { Form } from "react-final-form";
import {
  useImpostazioniFatturazioneQuery,
  useSalvaImpostazioniFatturazioneMutation,
} from "../../../api/fatturazione/fatture.endpoints";
import { SAVED_TEXT, saveFailure, TextField } from "../../../components/form";
import type { Impostazioni } from "../../../domain/contracts/fatturazione/fatture";
import { notify } from "../../../lib/toaster";

const CAMPI: { name: keyof Impostazioni; label: string; required?: boolean; helper?: string }[] = [
  { name: "denominazione", label: "Denominazione", required: true },
  { name: "partita_iva", label: "Partita IVA", required: true },
  { name: "codice_fiscale", label: "Codice fiscale" },
  { name: "regime_fiscale", label: "Regime fiscale", required: true, helper: "RF01 regime ordinario" },
  { name: "indirizzo", label: "Indirizzo della sede", required: true },
  { name: "numero_civico", label: "Numero civico" },
  { name: "cap", label: "CAP", required: true },
  { name: "comune", label: "Comune", required: true },
  { name: "provincia", label: "Provincia (sigla)" },
  { name: "rea_ufficio", label: "Ufficio REA (sigla)" },
  { name: "rea_numero", label: "Numero REA" },
  { name: "iban", label: "IBAN" },
  { name: "istituto_finanziario", label: "Banca" },
  { name: "giorni_pagamento", label: "Giorni per il pagamento" },
  { name: "email", label: "Email" },
  { name: "telefono", label: "Telefono" },
];

export function ImpostazioniFatturazionePage() {
  const { data } = useImpostazioniFatturazioneQuery();
  const [salva] = useSalvaImpostazioniFatturazioneMutation();
  const submit = async (v: Record<string, unknown>) => {
    const cambiati = Object.fromEntries(
      CAMPI.filter((c) => String(v[c.name] ?? "") !== String(data?.[c.name] ?? "")).map((c) => [
        c.name,
        v[c.name] ?? "",
      ]),
    );
    try {
      await salva(cambiati as Partial<Impostazioni>).unwrap();
      notify.success(SAVED_TEXT);
    } catch (e) {
      return saveFailure(e);
    }
  };
  return (
    <Box p="4" maxW="900px">
      <Heading size="lg" mb="1">
        Dati di fatturazione
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        I dati dell'azienda che compaiono in ogni fattura elettronica (cedente / prestatore).
      </Text>
      {data && (
        <Form<Record<string, unknown>>
          onSubmit={submit}
          initialValues={data}
          render={({ handleSubmit, submitting }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Dati di fatturazione">
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                {CAMPI.map((c) => (
                  <TextField key={c.name} name={c.name} label={c.label} required={c.required} helperText={c.helper} />
                ))}
              </SimpleGrid>
              <Button type="submit" mt="4" loading={submitting}>
                Salva
              </Button>
            </form>
          )}
        />
      )}
    </Box>
  );
}
