/**
 * The client's page, section 'Fattura elettronica' (issue 35 item 2; for who prepares invoices): public
 * body or company, codice destinatario (a public body's IPA office code) or PEC, split payment,
 * exemption nature and its legal reference; each contract's CIG / CUP. The drafts and the FatturaPA
 * XML read them. The form checks the rules the server applies (validaDatiFatturaPA) before sending.
 */
import { Box, Button, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { type SubmissionErrors, setIn } from "final-form";
import { Form } from "react-final-form";
import {
  useDatiFatturaPAQuery,
  useSalvaCigCupMutation,
  useSalvaDatiFatturaPAMutation,
} from "../../../api/fatturazione/dati-fatturapa.endpoints";
import { CheckboxField, SAVED_TEXT, SelectField, saveFailure, TextField } from "../../../components/form";
import {
  type CigCup,
  type DatiFatturaPA,
  NATURE,
  validaCigCup,
  validaDatiFatturaPA,
} from "../../../domain/contracts/fatturazione/dati-fatturapa";
import { CAPABILITIES, hasAny } from "../../../domain/permissions";
import { notify } from "../../../lib/toaster";
import { usePermissions } from "../../../machines/session-context";

const NATURE_OPZIONI = Object.entries(NATURE).map(([value, label]) => ({ value, label }));

const fallimento = (e: unknown) => {
  const errors = saveFailure(e);
  return errors && Object.entries(errors).reduce<SubmissionErrors>((acc, [k, v]) => setIn(acc ?? {}, k, v), {});
};

function CigCupRiga({ cliente, c, puoSalvare }: { cliente: number; c: CigCup; puoSalvare: boolean }) {
  const [salva] = useSalvaCigCupMutation();
  return (
    <Form<CigCup>
      onSubmit={async (v) => {
        try {
          await salva({ id: c.id, cliente, data: { cig: v.cig ?? "", cup: v.cup ?? "" } }).unwrap();
          notify.success(SAVED_TEXT);
        } catch (e) {
          return fallimento(e);
        }
      }}
      validate={validaCigCup}
      initialValues={c}
      render={({ handleSubmit, submitting, pristine }) => (
        <form onSubmit={handleSubmit} noValidate aria-label={`CIG e CUP di ${c.titolo}`}>
          <HStack gap="3" align="end">
            <Text minW="200px" pb="2">
              {c.titolo}
            </Text>
            <TextField name="cig" label="CIG" helperText="10 caratteri" />
            <TextField name="cup" label="CUP" helperText="15 caratteri" />
            {puoSalvare && (
              <Button type="submit" size="sm" mb="6" loading={submitting} disabled={pristine}>
                Salva
              </Button>
            )}
          </HStack>
        </form>
      )}
    />
  );
}

function Modulo({ dati, puoSalvare }: { dati: DatiFatturaPA; puoSalvare: boolean }) {
  const [salva] = useSalvaDatiFatturaPAMutation();
  const { contratti: _c, cliente: _id, ragione_sociale: _r, ...iniziali } = dati;
  return (
    <Form<typeof iniziali>
      onSubmit={async (v) => {
        try {
          await salva({
            id: dati.cliente,
            data: {
              pubblica_amministrazione: Boolean(v.pubblica_amministrazione),
              codice_destinatario: v.codice_destinatario ?? "",
              pec: v.pec ?? "",
              split_payment: Boolean(v.split_payment),
              natura: v.natura || null,
              riferimento_normativo: v.riferimento_normativo ?? "",
            },
          }).unwrap();
          notify.success(SAVED_TEXT);
        } catch (e) {
          return fallimento(e);
        }
      }}
      validate={validaDatiFatturaPA}
      initialValues={iniziali}
      render={({ handleSubmit, submitting, values }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Dati per la fattura elettronica">
          <Stack gap="2" mb="3">
            <CheckboxField name="pubblica_amministrazione" label="Pubblica amministrazione (FatturaPA FPA12)" />
            <CheckboxField name="split_payment" label="Scissione dei pagamenti (art. 17-ter DPR 633/72)" />
          </Stack>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <TextField
              name="codice_destinatario"
              label={values.pubblica_amministrazione ? "Codice ufficio IPA" : "Codice destinatario"}
              helperText={
                values.pubblica_amministrazione
                  ? "6 caratteri, dall'Indice delle Pubbliche Amministrazioni"
                  : "7 caratteri; vuoto se la fattura va alla PEC"
              }
            />
            <TextField name="pec" label="PEC" />
            <SelectField
              name="natura"
              label="Natura IVA (esenzione / non imponibilità)"
              options={NATURE_OPZIONI}
              blank="IVA ordinaria 22%"
            />
            <TextField name="riferimento_normativo" label="Riferimento normativo" />
          </SimpleGrid>
          {puoSalvare && (
            <Button type="submit" mt="3" loading={submitting}>
              Salva dati fattura elettronica
            </Button>
          )}
        </form>
      )}
    />
  );
}

export function FatturaPACliente({ cliente }: { cliente: number }) {
  const permessi = usePermissions();
  const vede = hasAny(permessi, CAPABILITIES.fatture);
  const puoSalvare = hasAny(permessi, CAPABILITIES.fattureEmetti);
  const { data } = useDatiFatturaPAQuery(cliente, { skip: !vede });
  if (!vede || !data) return null;
  return (
    <Box>
      <Heading size="md" mb="2">
        Fattura elettronica
      </Heading>
      <Modulo dati={data} puoSalvare={puoSalvare} />
      {data.contratti.length > 0 && (
        <Box mt="4">
          <Text fontWeight="semibold" mb="1">
            CIG e CUP dei contratti
          </Text>
          {data.contratti.map((c) => (
            <CigCupRiga key={c.id} cliente={cliente} c={c} puoSalvare={puoSalvare} />
          ))}
        </Box>
      )}
    </Box>
  );
}
