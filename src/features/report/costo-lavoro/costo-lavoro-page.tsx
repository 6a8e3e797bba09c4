/**
 * /impostazioni/costo-lavoro (administrators, issue 32 item 11): per qualification the factor that
 * turns gross pay into the employer's cost of labour (contributions, TFR, the CCNL's other charges);
 * Marginalità shows the result as *Costo del lavoro*. Empty: no factor (the cost is the pay). A save
 * sends only the qualifications that changed.
 */
import { Box, Button, Heading, Stack, Text } from "@chakra-ui/react";
import { Form } from "react-final-form";
import { useAggiornaCostoLavoroMutation, useCostoLavoroQuery } from "../../../api/report/costo-lavoro.endpoints";
import { SAVED_TEXT, saveFailure, TextField } from "../../../components/form";
import {
  type CostoLavoro,
  FATTORE_MAX,
  FATTORE_MIN,
  FATTORE_NON_VALIDO,
} from "../../../domain/contracts/report/costo-lavoro/schemas";
import { formatNumber } from "../../../domain/format";
import { notify } from "../../../lib/toaster";

type Valori = Record<string, string>;
const campo = (posizioneId: number) => `q${posizioneId}`;

/** "1,42" → 1.42; "" → null; anything else → undefined (invalid). */
function fattoreDi(testo: string | undefined): number | null | undefined {
  const t = (testo ?? "").trim();
  if (t === "") return null;
  if (!/^\d+([.,]\d{1,3})?$/.test(t)) return undefined;
  const n = Number(t.replace(",", "."));
  return n >= FATTORE_MIN && n <= FATTORE_MAX ? n : undefined;
}

function iniziali(data: CostoLavoro): Valori {
  return Object.fromEntries(
    data.qualifiche.map((q) => [campo(q.posizione_id), q.fattore === null ? "" : formatNumber(q.fattore)]),
  );
}

export function CostoLavoroPage() {
  const { data, isLoading } = useCostoLavoroQuery();
  const [salva] = useAggiornaCostoLavoroMutation();
  const validate = (v: Valori) =>
    Object.fromEntries(
      (data?.qualifiche ?? [])
        .filter((q) => fattoreDi(v[campo(q.posizione_id)]) === undefined)
        .map((q) => [campo(q.posizione_id), FATTORE_NON_VALIDO]),
    );
  const submit = async (v: Valori) => {
    const fattori = (data?.qualifiche ?? [])
      .map((q) => ({ posizione_id: q.posizione_id, fattore: fattoreDi(v[campo(q.posizione_id)]) ?? null }))
      .filter((f) => f.fattore !== data?.qualifiche.find((q) => q.posizione_id === f.posizione_id)?.fattore);
    try {
      await salva({ data: { fattori } }).unwrap();
      notify.success(SAVED_TEXT);
    } catch (e) {
      return saveFailure(e);
    }
  };
  return (
    <Box p="4" maxW="720px">
      <Heading size="lg" mb="1">
        Costo del lavoro
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="3">
        Per ogni qualifica, il fattore che porta il compenso lordo al costo del lavoro per l'azienda (contributi INPS e
        INAIL, TFR, altri oneri del CCNL): 1,42 vuol dire compenso + 42 %. Marginalità lo mostra nella colonna «Costo
        del lavoro». Senza fattore il costo del lavoro è uguale al compenso.
      </Text>
      {isLoading && <Text>Caricamento in corso…</Text>}
      {data && (
        <Form<Valori>
          onSubmit={submit}
          initialValues={iniziali(data)}
          validate={validate}
          render={({ handleSubmit, submitting, pristine }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Costo del lavoro">
              <Stack gap="3">
                {data.qualifiche.map((q) => (
                  <TextField
                    key={q.posizione_id}
                    name={campo(q.posizione_id)}
                    label={q.descrizione}
                    placeholder="Nessun fattore"
                    helperText={`Da ${FATTORE_MIN} a ${FATTORE_MAX}, fino a tre decimali`}
                  />
                ))}
              </Stack>
              <Button type="submit" mt="4" loading={submitting} disabled={pristine}>
                Salva
              </Button>
            </form>
          )}
        />
      )}
    </Box>
  );
}
