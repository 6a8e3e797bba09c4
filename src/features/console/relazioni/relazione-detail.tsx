/**
 * One service report: who wrote it and when (the phone's time beside the server's), the shift, the
 * position, the alarm an *emergenza* raised; every version, newest first, each with who wrote it, when
 * and why (the guard's original is version 1 and stays); the photos. While to approve: "Rilevante per
 * la Questura", the amendment (a new version with its reason) and "Approva" — after which nothing
 * changes (DM 269/2010: kept at the police's disposal, unaltered).
 */
import { Badge, Box, Button, Link as ChakraLink, Heading, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Form } from "react-final-form";
import { Link } from "react-router-dom";
import { errorMessage } from "../../../api/base";
import {
  type Relazione,
  type RelazioneModificaData,
  useAggiornaRelazioneMutation,
  useApprovaRelazioneMutation,
  useModificaRelazioneMutation,
  useRelazioneQuery,
} from "../../../api/console/relazioni.endpoints";
import {
  DateTimeField,
  REQUIRED_MESSAGE,
  requestErrorText,
  SelectField,
  saveFailure,
  TextareaField,
  TextField,
} from "../../../components/form";
import { RecordError } from "../../../components/record-error";
import { callUrl } from "../../../domain/contracts/calls";
import { relazioniCalls as calls } from "../../../domain/contracts/console/relazioni/calls";
import {
  RELAZIONE_CATEGORIA_LABEL,
  RELAZIONE_GRAVITA_LABEL,
  RELAZIONE_STATO_LABEL,
  type RelazioneVersione,
} from "../../../domain/contracts/console/relazioni/schemas";
import { formatDate, formatDateTime, formatDateTimeSeconds } from "../../../domain/format";
import { linkMappa } from "../../../domain/mappa";
import { romeToInstant } from "../../../domain/shift-rules";
import { downloadFile } from "../../../lib/download";
import { notify } from "../../../lib/toaster";

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

function Versione({ v, attuale }: { v: RelazioneVersione; attuale: boolean }) {
  return (
    <Box borderWidth="1px" rounded="md" p="3" bg={attuale ? "bg" : "bg.muted"}>
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="semibold">
          Versione {v.versione} — {v.autore ? `corretta da ${v.autore.full_name}` : "testo della guardia"} il{" "}
          {formatDateTimeSeconds(v.creata_il)}
        </Text>
        {attuale && <Badge colorPalette="blue">Versione attuale</Badge>}
      </HStack>
      {v.motivo && <Text color="fg.muted">Motivo: {v.motivo}</Text>}
      <Text>
        {RELAZIONE_CATEGORIA_LABEL[v.categoria]} · {RELAZIONE_GRAVITA_LABEL[v.gravita]} · accaduto il{" "}
        {formatDateTime(v.accaduto_il)} · {v.luogo}
      </Text>
      <Text whiteSpace="pre-wrap" mt="1">
        {v.descrizione}
      </Text>
      {v.provvedimenti && (
        <Text whiteSpace="pre-wrap" mt="1">
          Provvedimenti: {v.provvedimenti}
        </Text>
      )}
    </Box>
  );
}

type ModificaValues = Omit<RelazioneModificaData, "accaduto_il" | "provvedimenti"> & {
  accaduto_il: string;
  provvedimenti?: string;
};

/** The amendment: the current version's content to correct, and why. */
function Modifica({ relazione, onDone }: { relazione: Relazione; onDone: () => void }) {
  const [modifica] = useModificaRelazioneMutation();
  const v = relazione.versioni.at(-1) as RelazioneVersione;
  return (
    <Form<ModificaValues>
      initialValues={{
        categoria: v.categoria,
        gravita: v.gravita,
        accaduto_il: v.accaduto_il.slice(0, 16).replace(" ", "T"),
        luogo: v.luogo,
        descrizione: v.descrizione,
        provvedimenti: v.provvedimenti,
        motivo: "",
      }}
      onSubmit={async (values) => {
        const [day, time] = values.accaduto_il.split("T") as [string, string];
        try {
          await modifica({
            id: relazione.id,
            data: {
              ...values,
              provvedimenti: values.provvedimenti ?? "",
              accaduto_il: new Date(romeToInstant(day, time)).toISOString(),
            },
          }).unwrap();
          notify.success("Nuova versione salvata");
          onDone();
          return undefined;
        } catch (err) {
          return saveFailure(err);
        }
      }}
    >
      {({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Correzione della relazione">
          <Stack gap="2" maxW="640px">
            <HStack align="start" wrap="wrap">
              <SelectField name="categoria" label="Categoria" options={options(RELAZIONE_CATEGORIA_LABEL)} required />
              <SelectField name="gravita" label="Gravità" options={options(RELAZIONE_GRAVITA_LABEL)} required />
              <DateTimeField name="accaduto_il" label="Accaduto il" required />
            </HStack>
            <TextField name="luogo" label="Luogo" required />
            <TextareaField name="descrizione" label="Che cosa è successo" rows={5} required />
            <TextareaField name="provvedimenti" label="Provvedimenti adottati" rows={2} />
            <TextField
              name="motivo"
              label="Motivo della correzione"
              required
              validate={(x) => (String(x ?? "").trim() ? undefined : REQUIRED_MESSAGE)}
            />
            <HStack>
              <Button type="submit" loading={submitting}>
                Salva la nuova versione
              </Button>
              <Button variant="ghost" onClick={onDone}>
                Annulla
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </Form>
  );
}

function Revisione({ relazione }: { relazione: Relazione }) {
  const [aggiorna, aggiornamento] = useAggiornaRelazioneMutation();
  const [approva, approvazione] = useApprovaRelazioneMutation();
  const [correggo, setCorreggo] = useState(false);
  const [conferma, setConferma] = useState(false);
  if (relazione.stato === "approvata") {
    return (
      <Text>
        Approvata da {relazione.approvata_da?.full_name ?? "—"} il {formatDateTimeSeconds(relazione.approvata_il)}
        {relazione.rilevante ? " — rilevante per la Questura (nel foglio notizie del giorno)" : ""}. Non si può più
        modificare.
      </Text>
    );
  }
  if (correggo) return <Modifica relazione={relazione} onDone={() => setCorreggo(false)} />;
  return (
    <Stack gap="2">
      <HStack wrap="wrap">
        <Button
          variant="outline"
          loading={aggiornamento.isLoading}
          onClick={() =>
            aggiorna({ id: relazione.id, data: { rilevante: !relazione.rilevante } })
              .unwrap()
              .then(
                (r) =>
                  notify.success(
                    r.rilevante ? "Segnata rilevante per la Questura" : "Non più rilevante per la Questura",
                  ),
                (err) => saveFailure(err),
              )
          }
        >
          {relazione.rilevante ? "Non rilevante per la Questura" : "Rilevante per la Questura"}
        </Button>
        <Button variant="outline" onClick={() => setCorreggo(true)}>
          Correggi
        </Button>
        {!conferma ? (
          <Button colorPalette="green" onClick={() => setConferma(true)}>
            Approva
          </Button>
        ) : (
          <HStack role="alertdialog" aria-label="Conferma approvazione" borderWidth="1px" rounded="md" p="2">
            <Text>Dopo l'approvazione la relazione non si potrà più modificare.</Text>
            <Button
              colorPalette="green"
              loading={approvazione.isLoading}
              onClick={() =>
                approva(relazione.id)
                  .unwrap()
                  .then(
                    () => notify.success("Relazione approvata"),
                    (err) => saveFailure(err),
                  )
                  .finally(() => setConferma(false))
              }
            >
              Conferma l'approvazione
            </Button>
            <Button variant="ghost" onClick={() => setConferma(false)}>
              Annulla
            </Button>
          </HStack>
        )}
      </HStack>
    </Stack>
  );
}

export function RelazioneDetail({ id }: { id: number }) {
  const { data: relazione, error, isLoading } = useRelazioneQuery(id);
  return (
    <Stack p="4" gap="4">
      <ChakraLink asChild>
        <Link to="/console/relazioni">← Tutte le relazioni</Link>
      </ChakraLink>
      {isLoading && <Spinner aria-label="Caricamento" />}
      {error && <RecordError error={error} />}
      {relazione && (
        <>
          <Stack gap="1">
            <Heading size="lg">
              Relazione n. {relazione.id} di {relazione.operatore.full_name}
            </Heading>
            <HStack wrap="wrap">
              <Badge colorPalette={relazione.stato === "approvata" ? "green" : "orange"}>
                {RELAZIONE_STATO_LABEL[relazione.stato]}
              </Badge>
              {relazione.rilevante && <Badge colorPalette="purple">Rilevante per la Questura</Badge>}
              <Text color="fg.muted">
                Ricevuta il {formatDateTimeSeconds(relazione.ricevuto_il)} (ora del telefono{" "}
                {formatDateTimeSeconds(relazione.data_ora)}) · provincia {relazione.provincia || "—"}
              </Text>
            </HStack>
            {relazione.turno ? (
              <Text>
                Turno: {relazione.turno.cliente} — {relazione.turno.servizio}, {formatDate(relazione.turno.giorno)} (
                {relazione.turno.indirizzo})
              </Text>
            ) : (
              <Text color="fg.muted">Nessun turno associato</Text>
            )}
            {relazione.lat !== null && relazione.lng !== null ? (
              <ChakraLink href={linkMappa(relazione.lat, relazione.lng)} target="_blank" rel="noopener">
                Apri la posizione sulla mappa (±{Math.round(relazione.accuratezza ?? 0)} m)
              </ChakraLink>
            ) : (
              <Text color="fg.muted">Posizione non disponibile</Text>
            )}
            {relazione.allarme_id !== null && (
              <ChakraLink asChild color="red.700">
                <Link to={`/console/allarmi?allarme=${relazione.allarme_id}`}>
                  Emergenza: allarme n. {relazione.allarme_id}
                </Link>
              </ChakraLink>
            )}
          </Stack>
          <Revisione relazione={relazione} />
          <Stack gap="2">
            <Heading size="md">Versioni</Heading>
            {[...relazione.versioni].reverse().map((v) => (
              <Versione key={v.versione} v={v} attuale={v.versione === relazione.versioni.length} />
            ))}
          </Stack>
          {relazione.foto.length > 0 && (
            <Stack gap="2">
              <Heading size="md">Foto</Heading>
              <HStack wrap="wrap">
                {relazione.foto.map((file, i) => (
                  <Button
                    key={file}
                    variant="outline"
                    size="sm"
                    onClick={() =>
                      downloadFile(
                        callUrl(calls.relazioneFoto, { id: relazione.id, file }),
                        `relazione-${relazione.id}-foto-${i + 1}`,
                      ).catch((err: unknown) => notify.error(requestErrorText(errorMessage(err))))
                    }
                  >
                    Scarica la foto {i + 1}
                  </Button>
                ))}
              </HStack>
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
