/**
 * /impostazioni/paghe (administrators, issue 35 item 3): how the presence file reads for the labour
 * consultant's software — the company code, the layout (a preset modelled on a Zucchetti-style
 * fixed-width import or a TeamSystem-style CSV, or the columns set by hand) and the code of each
 * causale. The presets are modelled on those imports, not certified by their vendors. Every change is
 * audited by the server; a refused value shows under its field.
 */
import { Box, Button, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { type SubmissionErrors, setIn } from "final-form";
import { useEffect, useRef } from "react";
import { Form, useForm, useFormState } from "react-final-form";
import {
  useImpostazioniPagheQuery,
  useSalvaImpostazioniPagheMutation,
} from "../../../api/fatturazione/paghe.endpoints";
import { CheckboxField, SAVED_TEXT, SelectField, saveFailure, TextField } from "../../../components/form";
import {
  CAMPI_ETICHETTE,
  CAMPI_TRACCIATO,
  CAUSALI_ETICHETTE,
  type Causale,
  FORMATI_DATA,
  FORMATI_ORE,
  type ImpostazioniPaghe,
  type ImpostazioniPagheData,
  PRESET,
  PRESET_NOMI,
  type Preset,
  type Tracciato,
} from "../../../domain/contracts/fatturazione/paghe";
import { notify } from "../../../lib/toaster";

const PRESETS = [
  ...Object.entries(PRESET_NOMI).map(([value, label]) => ({ value, label })),
  { value: "personalizzato", label: "Personalizzato" },
];
const SEPARATORI = [
  { value: "", label: "Nessuno (larghezza fissa)" },
  { value: ";", label: "Punto e virgola (;)" },
  { value: ",", label: "Virgola (,)" },
];
const ORE = { centesimi: "Centesimi (8,50 h = 850)", decimali: "Decimali (8,50)", hhmm: "Ore e minuti (08:30)" };
const opzioni = (xs: readonly string[], label: (x: string) => string = (x) => x) =>
  xs.map((x) => ({ value: x, label: label(x) }));

/** Only what changed: the company code, the whole causali table if a code changed, the layout or the preset. */
export function modifiche(prima: ImpostazioniPaghe, v: ImpostazioniPaghe): ImpostazioniPagheData {
  const out: ImpostazioniPagheData = {};
  if ((v.codice_azienda ?? "") !== prima.codice_azienda) out.codice_azienda = v.codice_azienda ?? "";
  if (v.causali.some((c, i) => c.codice !== prima.causali[i].codice))
    out.causali = v.causali.map((c) => ({ causale: c.causale as Causale, codice: c.codice ?? "" }));
  const tracciato: Tracciato = {
    ...v.tracciato,
    separatore: v.tracciato.separatore ?? "",
    colonne: v.tracciato.colonne.map((c) => ({ campo: c.campo, larghezza: Number(c.larghezza) })),
  };
  const named = v.preset !== "personalizzato" && uguali(tracciato, PRESET[v.preset as Preset]);
  if (named && v.preset !== prima.preset) out.preset = v.preset as Preset;
  else if (!uguali(tracciato, prima.tracciato)) out.tracciato = tracciato;
  return out;
}

const uguali = (a: Tracciato | undefined, b: Tracciato | undefined) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Choosing a preset fills the layout's fields at once (what will be saved is on screen); changing a
 * field so that the layout is no preset's any more makes it "Personalizzato".
 */
function PresetSync() {
  const form = useForm<ImpostazioniPaghe>();
  const { values } = useFormState<ImpostazioniPaghe>({ subscription: { values: true } });
  const prima = useRef(values.preset);
  useEffect(() => {
    if (values.preset !== prima.current) {
      prima.current = values.preset;
      const p = PRESET[values.preset as Preset];
      if (p && !uguali(values.tracciato, p)) form.change("tracciato", structuredClone(p));
      return;
    }
    const numeric = {
      ...values.tracciato,
      separatore: values.tracciato.separatore ?? "",
      colonne: values.tracciato.colonne.map((c) => ({ campo: c.campo, larghezza: Number(c.larghezza) })),
    };
    const nome = (Object.keys(PRESET) as Preset[]).find((k) => uguali(numeric, PRESET[k])) ?? "personalizzato";
    if (nome !== values.preset) {
      prima.current = nome;
      form.change("preset", nome);
    }
  }, [values.preset, values.tracciato, form]);
  return null;
}

export function ImpostazioniPaghePage() {
  const { data } = useImpostazioniPagheQuery();
  const [salva] = useSalvaImpostazioniPagheMutation();
  const submit = async (v: ImpostazioniPaghe) => {
    if (!data) return;
    try {
      await salva(modifiche(data, v)).unwrap();
      notify.success(SAVED_TEXT);
    } catch (e) {
      // The server names nested fields with dots ('causali.0.codice'): final-form wants them nested.
      const errors = saveFailure(e);
      return errors && Object.entries(errors).reduce<SubmissionErrors>((acc, [k, v]) => setIn(acc ?? {}, k, v), {});
    }
  };
  return (
    <Box p="4" maxW="900px">
      <Heading size="lg" mb="1">
        Paghe: tracciato e causali
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        Il file presenze per il consulente del lavoro. I due modelli sono ispirati agli import presenze più diffusi
        (tipo Zucchetti a larghezza fissa, tipo TeamSystem CSV), non certificati dai produttori: verificali una volta
        con il consulente.
      </Text>
      {data && (
        <Form<ImpostazioniPaghe>
          onSubmit={submit}
          initialValues={data}
          render={({ handleSubmit, submitting, values }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Impostazioni paghe">
              <PresetSync />
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                <TextField name="codice_azienda" label="Codice azienda" />
                <SelectField name="preset" label="Modello di tracciato" options={PRESETS} blank={false} />
              </SimpleGrid>
              <Heading size="md" mt="5" mb="2">
                Tracciato
              </Heading>
              <Text fontSize="sm" color="fg.muted" mb="2">
                Scegli un modello (le colonne e i formati qui sotto si aggiornano) oppure cambiali a mano: il tracciato
                diventa personalizzato.
              </Text>
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
                <SelectField name="tracciato.separatore" label="Separatore" options={SEPARATORI} blank={false} />
                <SelectField
                  name="tracciato.formato_data"
                  label="Formato data"
                  options={opzioni(FORMATI_DATA)}
                  blank={false}
                />
                <SelectField
                  name="tracciato.formato_ore"
                  label="Formato ore"
                  options={opzioni(FORMATI_ORE, (x) => ORE[x as keyof typeof ORE])}
                  blank={false}
                />
              </SimpleGrid>
              <Box mt="2">
                <CheckboxField name="tracciato.intestazione" label="Riga di intestazione (solo CSV)" />
              </Box>
              <SimpleGrid columns={2} gap="2" mt="3" maxW="500px">
                {values.tracciato.colonne.map((_, i) => (
                  <Box key={String(i)} display="contents">
                    <SelectField
                      name={`tracciato.colonne.${i}.campo`}
                      label={`Colonna ${i + 1}`}
                      options={opzioni(CAMPI_TRACCIATO, (x) => CAMPI_ETICHETTE[x as keyof typeof CAMPI_ETICHETTE])}
                      blank={false}
                    />
                    <TextField name={`tracciato.colonne.${i}.larghezza`} label={`Larghezza colonna ${i + 1}`} />
                  </Box>
                ))}
              </SimpleGrid>
              <Heading size="md" mt="5" mb="2">
                Codici delle causali
              </Heading>
              <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
                {data.causali.map((c, i) => (
                  <TextField
                    key={c.causale}
                    name={`causali.${i}.codice`}
                    label={CAUSALI_ETICHETTE[c.causale as Causale]}
                    helperText={c.descrizione}
                  />
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
