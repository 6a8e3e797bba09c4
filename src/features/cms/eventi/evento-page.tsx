/**
 * /cms/eventi/{idEvento}: the event's record, editable (the fields of the new event, the viewers,
 * the thresholds — warning and maximum occupancy in % of the capacity, 80 and 95 by default), its
 * gates (name, capacity, direction in/out/both) and the counting devices assigned to them.
 * A link opens the event's control room; a cms_admin deletes the event (after a confirmation) and
 * goes back to the list.
 */
import { Badge, Box, Button, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useMemo } from "react";
import { Form } from "react-final-form";
import { Link, useNavigate, useParams } from "react-router-dom";
import {
  useDeleteDispositivoMutation,
  useDeleteEventoMutation,
  useDeleteVarcoMutation,
  useEventoQuery,
  useSaveDispositivoMutation,
  useSaveVarcoMutation,
  useUpdateEventoMutation,
} from "../../../api/cms/eventi.endpoints";
import { ChildTable } from "../../../components/child-table";
import { DeleteRowButton } from "../../../components/delete-row-button";
import { CheckboxField, DateTimeField, saveFailure, TextareaField, TextField } from "../../../components/form";
import { ProvinciaField } from "../../../components/form/provincia-field";
import { RecordError } from "../../../components/record-error";
import { DIREZIONI, validateEvento } from "../../../domain/cms";
import type { Dispositivo, Evento, Varco } from "../../../domain/contracts/cms/eventi";
import { CAPABILITIES, hasAny } from "../../../domain/permissions";
import { notify } from "../../../lib/toaster";
import { usePermissions } from "../../../machines/session-context";
import { CMS_WORDING, MSG } from "../common/messages";
import { changedData, type EventoValues, toValues } from "./evento-form-values";
import { AddettiField, VisualizzatoriField } from "./visualizzatori-field";

const DIREZIONE_LABEL = new Map<string, string>(DIREZIONI.map((d) => [d.value, d.label]));
const texts = (noun: string) => ({
  wording: CMS_WORDING,
  confirm: { title: `Elimina ${noun}`, question: MSG.deleteElemento, done: MSG.elementoEliminato },
});

function validate(v: EventoValues) {
  return validateEvento({
    ...v,
    soglia_attenzione: Number(v.soglia_attenzione),
    soglia_massima: Number(v.soglia_massima),
  });
}

function EventoForm({ evento, canEdit }: { evento: Evento; canEdit: boolean }) {
  const [update] = useUpdateEventoMutation();
  const initial = useMemo(() => toValues(evento), [evento]);
  return (
    <Form<EventoValues>
      initialValues={initial}
      validate={validate}
      onSubmit={async (v) => {
        const data = changedData(initial, v);
        if (Object.keys(data).length === 0) return undefined;
        try {
          await update({ id: evento.id, data }).unwrap();
          notify.success(MSG.salvato);
          return undefined;
        } catch (e) {
          return saveFailure(e, CMS_WORDING);
        }
      }}
    >
      {({ handleSubmit, submitting, pristine }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Dati dell'evento">
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="3">
              <TextField name="titolo" label="Titolo" required />
              <TextField name="indirizzo" label="Indirizzo" required />
              <TextField name="citta" label="Città" required />
              <ProvinciaField name="prov" label="Provincia" required />
              <DateTimeField name="data_inizio" label="Data inizio" required />
              <DateTimeField name="data_fine" label="Data fine" required />
              <TextField name="soglia_attenzione" label="Soglia di attenzione (%)" type="number" required />
              <TextField name="soglia_massima" label="Soglia massima (%)" type="number" required />
              <VisualizzatoriField />
              <AddettiField />
              <CheckboxField name="contatore" label="Contatore su app" />
              <CheckboxField name="abilitato" label="Abilitato" />
            </SimpleGrid>
            <TextareaField name="descrizione" label="Descrizione" required />
            {canEdit && (
              <HStack>
                <Button type="submit" colorPalette="blue" loading={submitting} disabled={pristine}>
                  Salva modifiche
                </Button>
              </HStack>
            )}
          </Stack>
        </form>
      )}
    </Form>
  );
}

function VarchiDispositivi({ evento, canEdit }: { evento: Evento; canEdit: boolean }) {
  const [saveVarco] = useSaveVarcoMutation();
  const [deleteVarco] = useDeleteVarcoMutation();
  const [saveDispositivo] = useSaveDispositivoMutation();
  const [deleteDispositivo] = useDeleteDispositivoMutation();
  const varcoOptions = evento.varchi.map((v) => ({ value: String(v.id), label: v.nome }));
  const capienza = evento.varchi.reduce((s, v) => s + v.capienza, 0);
  return (
    <>
      <ChildTable<Varco>
        label="Varchi"
        rows={evento.varchi}
        isLoading={false}
        empty="Nessun varco: aggiungi i varchi con la loro capienza"
        {...texts("varco")}
        form={
          canEdit
            ? {
                placement: "dialog",
                titles: { add: "Nuovo varco", edit: "Modifica varco" },
                toValues: (v) => (v ? { ...v, capienza: v.capienza } : { direzione: "both" }),
                fields: [
                  { name: "nome", label: "Nome", required: true },
                  { name: "capienza", label: "Capienza", kind: "number", required: true, min: 1 },
                  { name: "direzione", label: "Direzione", kind: "select", options: DIREZIONI, required: true },
                ],
              }
            : undefined
        }
        columns={[
          { header: "Nome", render: (v) => v.nome },
          { header: "Capienza", render: (v) => v.capienza.toLocaleString("it-IT") },
          { header: "Direzione", render: (v) => DIREZIONE_LABEL.get(v.direzione) ?? v.direzione },
          {
            header: "Soglie",
            render: (v) =>
              `${Math.floor((v.capienza * evento.soglia_attenzione) / 100)} / ${Math.floor((v.capienza * evento.soglia_massima) / 100)}`,
          },
        ]}
        save={
          canEdit
            ? (v, row) => saveVarco({ id: evento.id, subId: row?.id, data: v as Partial<Varco> }).unwrap()
            : undefined
        }
        remove={canEdit ? (v) => deleteVarco({ id: evento.id, subId: v.id }).unwrap() : undefined}
      />
      <Text fontSize="sm" color="fg.muted" mt="-4" mb="6">
        Capienza totale {capienza.toLocaleString("it-IT")}: attenzione dal {evento.soglia_attenzione}%, massimo dal{" "}
        {evento.soglia_massima}%.
      </Text>
      <ChildTable<Dispositivo>
        label="Dispositivi di conteggio"
        rows={evento.dispositivi}
        isLoading={false}
        empty="Nessun dispositivo: un dispositivo si registra anche al suo primo conteggio"
        {...texts("dispositivo")}
        form={
          canEdit
            ? {
                placement: "dialog",
                titles: { add: "Nuovo dispositivo", edit: "Modifica dispositivo" },
                toValues: (d) => (d ? { ...d, varco_id: d.varco_id === null ? "" : String(d.varco_id) } : {}),
                fields: [
                  { name: "codice", label: "Codice dispositivo", required: true },
                  { name: "descrizione", label: "Descrizione" },
                  { name: "varco_id", label: "Varco", kind: "select", options: varcoOptions },
                ],
              }
            : undefined
        }
        columns={[
          { header: "Codice", render: (d) => d.codice },
          { header: "Descrizione", render: (d) => d.descrizione || "—" },
          { header: "Varco", render: (d) => evento.varchi.find((v) => v.id === d.varco_id)?.nome ?? "—" },
        ]}
        save={
          canEdit
            ? (v, row) =>
                saveDispositivo({
                  id: evento.id,
                  subId: row?.id,
                  data: {
                    ...v,
                    ...("varco_id" in v ? { varco_id: v.varco_id ? Number(v.varco_id) : null } : {}),
                  } as never,
                }).unwrap()
            : undefined
        }
        remove={canEdit ? (d) => deleteDispositivo({ id: evento.id, subId: d.id }).unwrap() : undefined}
      />
    </>
  );
}

export function EventoPage() {
  const id = Number(useParams().idEvento);
  const permissions = usePermissions();
  const canEdit = hasAny(permissions, CAPABILITIES.cmsEdit);
  const canDelete = hasAny(permissions, CAPABILITIES.cmsAdmin);
  const navigate = useNavigate();
  const [deleteEvento] = useDeleteEventoMutation();
  const { data, error, isLoading } = useEventoQuery(id, { skip: !Number.isInteger(id) || id <= 0 });
  if (isLoading) return <Skeleton height="40" m="4" />;
  if (error || !data)
    return (
      <Box p="4">
        <RecordError error={error} fallback="Evento non trovato" />
      </Box>
    );
  return (
    <Stack p="4" gap="6">
      <HStack gap="3" justify="space-between" wrap="wrap">
        <HStack gap="3">
          <Heading as="h1" size="lg">
            {data.titolo}
          </Heading>
          {data.abilitato ? <Badge colorPalette="green">Abilitato</Badge> : <Badge>Non abilitato</Badge>}
        </HStack>
        <HStack gap="2">
          <Button asChild variant="outline" size="sm">
            <Link to={`/cms/control-room/evento/${data.id}`}>Apri nella control room</Link>
          </Button>
          {canDelete && (
            <DeleteRowButton
              what="l'evento"
              title="Elimina evento"
              question={MSG.deleteEvento}
              done={MSG.eventoEliminato}
              failed={CMS_WORDING.failed}
              onDelete={async () => {
                await deleteEvento(data.id).unwrap();
                navigate("/cms/eventi");
              }}
            />
          )}
        </HStack>
      </HStack>
      <Box>
        <EventoForm evento={data} canEdit={canEdit} />
      </Box>
      <VarchiDispositivi evento={data} canEdit={canEdit} />
    </Stack>
  );
}
