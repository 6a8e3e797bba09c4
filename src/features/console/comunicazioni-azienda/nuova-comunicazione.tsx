/**
 * A new company communication: subject, text, to whom — every operator, those with a qualification
 * (the account's qualifications) or chosen operators (searched by name) — and an optional attachment
 * (PDF or image). Sent as one multipart request; the server's field errors go under the fields.
 */
import { Box, Button, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { Field, Form } from "react-final-form";
import { useInviaComunicazioneMutation } from "../../../api/console/comunicazioni-azienda.endpoints";
import { useOperatoriSearchQuery } from "../../../api/pianificazione/contratti-righe.endpoints";
import { accountOptions } from "../../../components/filter-bar/filter-options";
import { FormField, SelectField, saveFailure, TextareaField, TextField } from "../../../components/form";
import {
  COMUNICAZIONE_DESTINATARI_LABEL,
  type Comunicazione,
  type ComunicazioneDestinatari,
} from "../../../domain/contracts/console/comunicazioni-azienda/schemas";
import { TIMINGS } from "../../../lib/timings";
import { notify } from "../../../lib/toaster";
import { useCurrentUser } from "../../../machines/session-context";

const DESTINATARI = Object.entries(COMUNICAZIONE_DESTINATARI_LABEL).map(([value, label]) => ({ value, label }));

interface Scelto {
  id: number;
  nome: string;
}

interface Values {
  oggetto?: string;
  testo?: string;
  destinatari: ComunicazioneDestinatari;
  posizione?: string;
  operatori: Scelto[];
  allegato?: File | null;
}

function OperatoriScelti({
  value,
  onChange,
  error,
}: {
  value: Scelto[];
  onChange: (v: Scelto[]) => void;
  error?: string;
}) {
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setQuery(text.trim()), TIMINGS.searchDebounceMs);
    return () => clearTimeout(t);
  }, [text]);
  const { data, isFetching } = useOperatoriSearchQuery(query, { skip: query.length < 2 });
  const results = (data?.results ?? []).filter((o) => !value.some((v) => v.id === o.id));
  return (
    <Stack gap="1">
      <FormField label="Operatori" error={error}>
        <Input
          placeholder="Inizia a digitare..."
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label="Cerca operatore"
        />
      </FormField>
      {query.length >= 2 && !isFetching && (
        <Stack gap="0" borderWidth="1px" maxH="48" overflowY="auto" aria-label="Risultati">
          {results.length === 0 && (
            <Text p="2" color="fg.muted">
              Nessun operatore trovato
            </Text>
          )}
          {results.map((o) => (
            <Button
              key={o.id}
              variant="ghost"
              justifyContent="flex-start"
              onClick={() => {
                onChange([...value, { id: o.id, nome: `${o.cognome} ${o.nome}` }]);
                setText("");
              }}
            >
              {o.cognome} {o.nome}
            </Button>
          ))}
        </Stack>
      )}
      <HStack wrap="wrap" gap="2" aria-label="Operatori scelti">
        {value.map((o) => (
          <Button key={o.id} size="xs" variant="subtle" onClick={() => onChange(value.filter((v) => v.id !== o.id))}>
            {o.nome} ✕
          </Button>
        ))}
      </HStack>
    </Stack>
  );
}

const INITIAL: Values = { destinatari: "tutti", operatori: [], allegato: null };

export function NuovaComunicazione({ onSent }: { onSent: (c: Comunicazione) => void }) {
  const [invia] = useInviaComunicazioneMutation();
  const qualifiche = accountOptions(useCurrentUser(), "qualifications");
  return (
    <Form<Values>
      initialValues={INITIAL}
      onSubmit={async (v) => {
        try {
          const sent = await invia({
            data: {
              oggetto: v.oggetto ?? "",
              testo: v.testo ?? "",
              destinatari: v.destinatari,
              posizione: v.destinatari === "qualifica" && v.posizione ? Number(v.posizione) : null,
              operatori: v.destinatari === "operatori" ? v.operatori.map((o) => o.id) : undefined,
            },
            allegato: v.allegato,
          }).unwrap();
          notify.success(`Comunicazione inviata a ${sent.totali.destinatari} operatori`);
          onSent(sent);
          return undefined;
        } catch (err) {
          return saveFailure(err);
        }
      }}
    >
      {({ handleSubmit, submitting, values, submitErrors }) => (
        <form onSubmit={handleSubmit} aria-label="Nuova comunicazione">
          <Stack gap="3" maxW="700px" p="3" borderWidth="1px" borderRadius="md">
            <TextField name="oggetto" label="Oggetto" required />
            <TextareaField name="testo" label="Testo" rows={5} />
            <SelectField name="destinatari" label="Destinatari" options={DESTINATARI} blank={false} />
            {values.destinatari === "qualifica" && (
              <SelectField name="posizione" label="Qualifica" options={qualifiche} />
            )}
            {values.destinatari === "operatori" && (
              <Field<Scelto[]> name="operatori">
                {({ input }) => (
                  <OperatoriScelti
                    value={input.value || []}
                    onChange={input.onChange}
                    error={(submitErrors as Record<string, string> | undefined)?.operatori}
                  />
                )}
              </Field>
            )}
            <Field<File | null> name="allegato">
              {({ input }) => (
                <FormField
                  label="Allegato (PDF o immagine, facoltativo)"
                  error={(submitErrors as Record<string, string> | undefined)?.allegato}
                >
                  <Box>
                    <input
                      type="file"
                      aria-label="Allegato"
                      accept="application/pdf,image/jpeg,image/png,image/webp"
                      onChange={(e) => input.onChange(e.target.files?.[0] ?? null)}
                    />
                  </Box>
                </FormField>
              )}
            </Field>
            <HStack>
              <Button type="submit" loading={submitting}>
                Invia
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </Form>
  );
}
