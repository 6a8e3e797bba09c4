/**
 * One alarm: who sent it, when (the phone's time beside the server's), the shift, the position on a
 * map, its handling — "Prendi in carico" while open, "Chiudi" with a note until closed — and its Log.
 */
import { Button, Link as ChakraLink, Heading, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { Form } from "react-final-form";
import { Link } from "react-router-dom";
import {
  type Allarme,
  useAllarmeQuery,
  useChiudiAllarmeMutation,
  usePrendiAllarmeMutation,
} from "../../../api/console/allarmi.endpoints";
import { saveFailure, TextareaField } from "../../../components/form";
import { LogScreen } from "../../../components/log-screen/log-screen";
import { RecordError } from "../../../components/record-error";
import { ALLARME_STATO_LABEL } from "../../../domain/contracts/console/allarmi/schemas";
import { formatDate, formatDateTimeSeconds, formatTime } from "../../../domain/format";
import { linkMappa } from "../../../domain/mappa";
import { CAPABILITIES, hasAny } from "../../../domain/permissions";
import { notify } from "../../../lib/toaster";
import { usePermissions } from "../../../machines/session-context";

function Gestione({ allarme }: { allarme: Allarme }) {
  const [prendi, presa] = usePrendiAllarmeMutation();
  const [chiudi] = useChiudiAllarmeMutation();
  return (
    <Stack gap="2">
      <Heading size="md">Gestione</Heading>
      {allarme.preso_da && (
        <Text>
          Preso in carico da {allarme.preso_da.full_name} il {formatDateTimeSeconds(allarme.preso_il)}
        </Text>
      )}
      {allarme.chiuso_da && (
        <Text>
          Chiuso da {allarme.chiuso_da.full_name} il {formatDateTimeSeconds(allarme.chiuso_il)}
        </Text>
      )}
      {allarme.escalato_il && (
        <Text color="red.700">Inoltrato agli amministratori il {formatDateTimeSeconds(allarme.escalato_il)}</Text>
      )}
      {allarme.stato === "aperto" && (
        <HStack>
          <Button
            colorPalette="red"
            loading={presa.isLoading}
            onClick={() =>
              prendi(allarme.id)
                .unwrap()
                .then(
                  () => notify.success("Allarme preso in carico"),
                  (err) => saveFailure(err),
                )
            }
          >
            Prendi in carico
          </Button>
        </HStack>
      )}
      {allarme.stato !== "chiuso" ? (
        <Form<{ note?: string }>
          initialValues={{ note: allarme.note }}
          onSubmit={async (values) => {
            try {
              await chiudi({ id: allarme.id, data: { note: values.note ?? "" } }).unwrap();
              notify.success("Allarme chiuso");
              return undefined;
            } catch (err) {
              return saveFailure(err);
            }
          }}
        >
          {({ handleSubmit, submitting }) => (
            <form onSubmit={handleSubmit} aria-label="Chiusura">
              <Stack gap="2" maxW="500px">
                <TextareaField name="note" label="Note" rows={3} />
                <HStack>
                  <Button type="submit" loading={submitting}>
                    Chiudi l'allarme
                  </Button>
                </HStack>
              </Stack>
            </form>
          )}
        </Form>
      ) : (
        allarme.note && <Text>Note: {allarme.note}</Text>
      )}
    </Stack>
  );
}

export function AllarmeDetail({ id }: { id: number }) {
  const { data: allarme, error, isLoading } = useAllarmeQuery(id);
  const permissions = usePermissions();
  return (
    <Stack p="4" gap="4">
      <ChakraLink asChild>
        <Link to="/console/allarmi">← Tutti gli allarmi</Link>
      </ChakraLink>
      {isLoading && <Spinner aria-label="Caricamento" />}
      {error && <RecordError error={error} />}
      {allarme && (
        <>
          <Stack gap="1">
            <Heading size="lg">
              SOS{allarme.silenzioso ? " silenzioso" : ""} di {allarme.operatore.full_name}
            </Heading>
            <Text>
              {ALLARME_STATO_LABEL[allarme.stato]} — ricevuto il {formatDateTimeSeconds(allarme.ricevuto_il)} (ora del
              telefono {formatDateTimeSeconds(allarme.data_ora)})
            </Text>
            {allarme.turno ? (
              <Text>
                Turno: {allarme.turno.cliente} — {allarme.turno.servizio}, {formatDate(allarme.turno.giorno)}{" "}
                {formatTime(allarme.turno.inizio)}–{formatTime(allarme.turno.fine)} ({allarme.turno.indirizzo})
              </Text>
            ) : (
              <Text color="fg.muted">Nessun turno in corso</Text>
            )}
            {allarme.lat !== null && allarme.lng !== null ? (
              <ChakraLink href={linkMappa(allarme.lat, allarme.lng)} target="_blank" rel="noopener">
                Apri la posizione sulla mappa (±{Math.round(allarme.accuratezza ?? 0)} m)
              </ChakraLink>
            ) : (
              <Text color="fg.muted">Posizione non disponibile</Text>
            )}
          </Stack>
          {allarme.relazione_id !== null &&
            // Only who may read service reports follows the link (erp_relazioni and the admins).
            (hasAny(permissions, CAPABILITIES.relazioni) ? (
              <ChakraLink asChild>
                <Link to={`/console/relazioni?relazione=${allarme.relazione_id}`}>
                  Dalla relazione di servizio n. {allarme.relazione_id} (emergenza)
                </Link>
              </ChakraLink>
            ) : (
              <Text>Dalla relazione di servizio n. {allarme.relazione_id} (emergenza)</Text>
            ))}
          <Gestione allarme={allarme} />
          <LogScreen title="Log" path={`log/allarme/${allarme.id}/`} />
        </>
      )}
    </Stack>
  );
}
