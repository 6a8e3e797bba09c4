/**
 * /anagrafiche/candidati/{id}/modifica: the candidate's data, the pipeline status, evaluation,
 * notes, CV download, 'Assumi' (creates the operator and opens it) and delete.
 */
import {
  Box,
  Button,
  Link as ChakraLink,
  DataList,
  Heading,
  HStack,
  SimpleGrid,
  Skeleton,
  Stack,
} from "@chakra-ui/react";
import { useMemo, useState } from "react";
import { Form } from "react-final-form";
import { Link, useNavigate, useParams } from "react-router-dom";
import {
  useAssumiCandidatoMutation,
  useCandidatoQuery,
  useDeleteCandidatoMutation,
  useUpdateCandidatoMutation,
} from "../../../api/anagrafiche/candidati.endpoints";
import { errorMessage } from "../../../api/base";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { SERVER_MESSAGE_WORDING, SelectField, saveFailure, TextareaField } from "../../../components/form";
import { RecordError } from "../../../components/record-error";
import {
  GIORNI_SETTIMANA,
  STATI_CANDIDATO,
  STATO_CANDIDATO_LABELS,
  validateCandidato,
} from "../../../domain/candidato";
import type { Candidato } from "../../../domain/contracts/anagrafiche/candidati";
import { formatDate, formatDateTime } from "../../../domain/format";
import { downloadFile } from "../../../lib/download";
import { notify } from "../../../lib/toaster";
import { MSG } from "../common/messages";
import { StatoCandidatoBadge } from "./candidati-list-page";

const VALUTAZIONI = [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: "★".repeat(n) }));

function Dati({ c }: { c: Candidato }) {
  const rows: [string, string][] = [
    ["Nome e cognome", `${c.nome} ${c.cognome}`],
    ["Data di nascita", c.data_nascita ? formatDate(c.data_nascita) : "—"],
    ["Codice fiscale", c.codice_fiscale || "—"],
    ["E-mail", c.email || "—"],
    ["Cellulare", c.cellulare || "—"],
    ["Città", `${c.citta}${c.prov ? ` (${c.prov})` : ""}` || "—"],
    ["Posizioni desiderate", c.posizioni_desiderate.map((p) => p.descrizione).join(", ") || "—"],
    ["Giorni disponibili", c.giorni_disponibili.map((g) => GIORNI_SETTIMANA[g]).join(", ") || "—"],
    ["Turni notturni", c.turni_notturni ? "Sì" : "No"],
    ["Trasferte", c.trasferte ? "Sì" : "No"],
    ["Ricevuta il", formatDateTime(c.created_at)],
    ["Messaggio", c.messaggio || "—"],
  ];
  return (
    <DataList.Root orientation="horizontal">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

export function CandidatoPage() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { data, error, isLoading } = useCandidatoQuery(id, { skip: !Number.isInteger(id) || id <= 0 });
  const [update] = useUpdateCandidatoMutation();
  const [assumi, { isLoading: hiring }] = useAssumiCandidatoMutation();
  const [remove, { isLoading: deleting }] = useDeleteCandidatoMutation();
  const [confirm, setConfirm] = useState<"assumi" | "elimina" | null>(null);
  const initialValues = useMemo(
    () => ({
      stato: data?.stato ?? "nuovo",
      valutazione: data?.valutazione ? String(data.valutazione) : "",
      note: data?.note ?? "",
    }),
    [data],
  );
  if (isLoading) return <Skeleton height="40" m="4" />;
  if (error || !data)
    return (
      <Box p="4">
        <RecordError error={error} fallback="Candidato non trovato" />
      </Box>
    );
  const assunto = data.stato === "assunto";
  const stati = STATI_CANDIDATO.filter((s) => s !== "assunto" || assunto).map((s) => ({
    value: s,
    label: STATO_CANDIDATO_LABELS[s],
  }));

  return (
    <Stack p="4" gap="5">
      <HStack gap="3" wrap="wrap">
        <Heading size="lg">
          {data.cognome} {data.nome}
        </Heading>
        <StatoCandidatoBadge stato={data.stato} />
        {data.operatore_id && (
          <ChakraLink asChild>
            <Link to={`/anagrafiche/operatori/${data.operatore_id}`}>Apri l'operatore</Link>
          </ChakraLink>
        )}
      </HStack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Box>
          <Dati c={data} />
          <HStack mt="3">
            {data.cv ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() =>
                  downloadFile(`/api/anagrafiche/candidati/${data.id}/cv/`, data.cv?.nome ?? "curriculum.pdf").catch(
                    (e) => notify.error(errorMessage(e)),
                  )
                }
              >
                Scarica CV
              </Button>
            ) : (
              <Box color="fg.muted">Nessun CV</Box>
            )}
          </HStack>
        </Box>
        <Form
          initialValues={initialValues}
          validate={(v: Record<string, string>) =>
            validateCandidato({ ...data, valutazione: v.valutazione ? Number(v.valutazione) : null })
          }
          onSubmit={async (v: Record<string, string>) => {
            try {
              await update({
                id: data.id,
                data: {
                  stato: v.stato as Candidato["stato"],
                  valutazione: v.valutazione ? Number(v.valutazione) : null,
                  note: v.note ?? "",
                },
              }).unwrap();
              notify.success(MSG.saved);
              return undefined;
            } catch (e) {
              return saveFailure(e, SERVER_MESSAGE_WORDING);
            }
          }}
        >
          {({ handleSubmit, submitting, pristine }) => (
            <form onSubmit={handleSubmit} noValidate aria-label="Valutazione del candidato">
              <Stack gap="3">
                <SelectField name="stato" label="Stato" options={stati} required disabled={assunto} />
                <SelectField name="valutazione" label="Valutazione" options={VALUTAZIONI} />
                <TextareaField name="note" label="Note" rows={5} />
                <HStack>
                  <Button type="submit" loading={submitting} disabled={pristine}>
                    Salva modifiche
                  </Button>
                  <Button colorPalette="green" onClick={() => setConfirm("assumi")} disabled={assunto} loading={hiring}>
                    Assumi
                  </Button>
                  <Button colorPalette="red" variant="outline" onClick={() => setConfirm("elimina")}>
                    Elimina
                  </Button>
                </HStack>
              </Stack>
            </form>
          )}
        </Form>
      </SimpleGrid>
      <ConfirmDialog
        open={confirm === "assumi"}
        title="Assumi candidato"
        question={`Vuoi assumere ${data.nome} ${data.cognome}? Verrà creato un operatore con i suoi dati.`}
        confirmLabel="Assumi"
        loading={hiring}
        onClose={() => setConfirm(null)}
        onConfirm={async () => {
          try {
            const hired = await assumi(data.id).unwrap();
            setConfirm(null);
            notify.success(MSG.assunto);
            if (hired.operatore_id) navigate(`/anagrafiche/operatori/${hired.operatore_id}`);
          } catch (e) {
            setConfirm(null);
            notify.error(errorMessage(e));
          }
        }}
      />
      <ConfirmDialog
        open={confirm === "elimina"}
        title="Elimina candidato"
        question={MSG.deleteCandidato}
        loading={deleting}
        onClose={() => setConfirm(null)}
        onConfirm={async () => {
          try {
            await remove(data.id).unwrap();
            setConfirm(null);
            notify.success(MSG.candidatoEliminato);
            navigate("/anagrafiche/candidati");
          } catch (e) {
            setConfirm(null);
            notify.error(errorMessage(e));
          }
        }}
      />
    </Stack>
  );
}
