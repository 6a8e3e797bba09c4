/**
 * /anagrafiche/clienti/{clienteId}: the client's record — ragione sociale, P.IVA (check digit),
 * CF, SDI, PEC, registered office with 'Geocodifica', notes, attivo — then its operating sites,
 * contacts and contracts (links to /pianificazione/contratti/{id}). /anagrafiche/clienti/aggiungi-nuovo:
 * the empty form. Validation: `validateCliente` & co. of src/domain (the server's own rules).
 */
import {
  Badge,
  Box,
  Button,
  Link as ChakraLink,
  Fieldset,
  Heading,
  HStack,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import type { FormApi } from "final-form";
import { useMemo, useState } from "react";
import { Form } from "react-final-form";
import { Link, useNavigate, useParams } from "react-router-dom";
import {
  useClienteQuery,
  useCreateClienteMutation,
  useDeleteClienteContattoMutation,
  useDeleteClienteMutation,
  useDeleteClienteSedeMutation,
  useSaveClienteContattoMutation,
  useSaveClienteSedeMutation,
  useUpdateClienteMutation,
} from "../../../api/anagrafiche/clienti.endpoints";
import { useLazyGeocodeQuery } from "../../../api/anagrafiche/province.endpoints";
import { errorMessage } from "../../../api/base";
import { ChildTable } from "../../../components/child-table";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { SERVER_MESSAGE_WORDING, saveFailure, TextareaField, TextField } from "../../../components/form";
import { RecordError } from "../../../components/record-error";
import { validateCliente, validateContatto, validateSede } from "../../../domain/cliente";
import type { Cliente, ClienteFields, Contatto, Sede } from "../../../domain/contracts/anagrafiche/clienti";
import { notify } from "../../../lib/toaster";
import { childTexts } from "../common/child-texts";
import { ProvinciaField, SwitchField, useProvinceOptions } from "../common/form-controls";
import { MSG } from "../common/messages";
import { FatturaPACliente } from "./fatturapa-cliente";

type Values = Record<string, unknown>;

const TEXT = [
  "ragione_sociale",
  "partita_iva",
  "codice_fiscale",
  "codice_sdi",
  "pec",
  "email",
  "telefono",
  "indirizzo",
  "cap",
  "citta",
  "prov",
  "note",
] as const;

function toValues(c?: Cliente): Values {
  const v: Values = {};
  for (const f of TEXT) v[f] = c?.[f] ?? "";
  v.lat = c?.lat ?? null;
  v.lng = c?.lng ?? null;
  v.attivo = c ? c.attivo : true;
  return v;
}

function toData(v: Values): Partial<ClienteFields> {
  const out: Record<string, unknown> = {};
  for (const f of TEXT) out[f] = String(v[f] ?? "").trim();
  out.lat = v.lat === "" || v.lat === undefined ? null : v.lat;
  out.lng = v.lng === "" || v.lng === undefined ? null : v.lng;
  out.attivo = Boolean(v.attivo);
  return out as Partial<ClienteFields>;
}

/** The non-blocking warnings of a save's answer (geocoding), before the success toast. */
function showWarnings(saved: { warnings?: readonly string[] }) {
  for (const w of saved.warnings ?? []) notify.warning(w);
}

function GeocodeButton({ form }: { form: FormApi<Values> }) {
  const [geocode, { isFetching }] = useLazyGeocodeQuery();
  return (
    <Button
      variant="outline"
      size="sm"
      loading={isFetching}
      onClick={async () => {
        const v = form.getState().values;
        try {
          const point = await geocode({
            indirizzo: String(v.indirizzo ?? ""),
            cap: String(v.cap ?? ""),
            citta: String(v.citta ?? ""),
            prov: String(v.prov ?? ""),
          }).unwrap();
          form.batch(() => {
            form.change("lat", point.lat);
            form.change("lng", point.lng);
          });
          notify.success(MSG.geocodingOk);
        } catch (e) {
          const status = (e as { status?: unknown }).status;
          notify.error(status === 400 ? errorMessage(e) || MSG.geocodingZero : errorMessage(e) || MSG.geocodingProblem);
        }
      }}
    >
      Geocodifica
    </Button>
  );
}

export function ClienteForm({ cliente }: { cliente?: Cliente }) {
  const navigate = useNavigate();
  const [create] = useCreateClienteMutation();
  const [update] = useUpdateClienteMutation();
  const [remove, { isLoading: deleting }] = useDeleteClienteMutation();
  const [confirm, setConfirm] = useState(false);
  const initialValues = useMemo(() => toValues(cliente), [cliente]);

  return (
    <>
      <Form<Values>
        initialValues={initialValues}
        validate={(v) => validateCliente(v as Partial<ClienteFields>)}
        onSubmit={async (values) => {
          try {
            if (cliente) {
              showWarnings(await update({ id: cliente.id, data: toData(values) }).unwrap());
              notify.success(MSG.saved);
            } else {
              const saved = await create(toData(values)).unwrap();
              showWarnings(saved);
              notify.success(MSG.saved);
              navigate(`/anagrafiche/clienti/${saved.id}`);
            }
            return undefined;
          } catch (e) {
            return saveFailure(e, SERVER_MESSAGE_WORDING);
          }
        }}
      >
        {({ handleSubmit, submitting, form, values, pristine }) => (
          <form onSubmit={handleSubmit} noValidate aria-label="Dati del cliente">
            <Stack gap="4">
              <Fieldset.Root borderWidth="1px" borderRadius="md" p="4">
                <Fieldset.Legend>
                  <Heading size="sm">Dati fiscali</Heading>
                </Fieldset.Legend>
                <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="3" mt="2">
                  <TextField name="ragione_sociale" label="Ragione sociale" required />
                  <TextField name="partita_iva" label="Partita IVA" />
                  <TextField name="codice_fiscale" label="Codice fiscale" />
                  <TextField name="codice_sdi" label="Codice SDI" />
                  <TextField name="pec" label="PEC" type="email" />
                  <TextField name="email" label="E-mail" type="email" />
                  <TextField name="telefono" label="Telefono" type="tel" />
                  <SwitchField name="attivo" label="Attivo" />
                </SimpleGrid>
              </Fieldset.Root>
              <Fieldset.Root borderWidth="1px" borderRadius="md" p="4">
                <Fieldset.Legend>
                  <Heading size="sm">Sede legale</Heading>
                </Fieldset.Legend>
                <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="3" mt="2">
                  <TextField name="indirizzo" label="Indirizzo" />
                  <TextField name="cap" label="CAP" />
                  <TextField name="citta" label="Città" />
                  <ProvinciaField name="prov" label="Provincia" />
                </SimpleGrid>
                <HStack mt="3" gap="3">
                  <GeocodeButton form={form} />
                  <Text fontSize="sm" color="fg.muted">
                    {values.lat !== null && values.lat !== undefined && values.lat !== ""
                      ? `Coordinate: ${Number(values.lat).toFixed(5)}, ${Number(values.lng).toFixed(5)}`
                      : "Coordinate non impostate"}
                  </Text>
                </HStack>
              </Fieldset.Root>
              <TextareaField name="note" label="Note" />
              <HStack justify="space-between">
                <Button type="submit" loading={submitting} disabled={Boolean(cliente) && pristine}>
                  {cliente ? "Salva modifiche" : "Crea cliente"}
                </Button>
                {cliente && (
                  <Button colorPalette="red" variant="outline" onClick={() => setConfirm(true)}>
                    Elimina cliente
                  </Button>
                )}
              </HStack>
            </Stack>
          </form>
        )}
      </Form>
      <ConfirmDialog
        open={confirm}
        title="Elimina cliente"
        question={MSG.deleteCliente}
        loading={deleting}
        onClose={() => setConfirm(false)}
        onConfirm={async () => {
          if (!cliente) return;
          try {
            await remove(cliente.id).unwrap();
            setConfirm(false);
            notify.success(MSG.clienteEliminato);
            navigate("/anagrafiche/clienti");
          } catch (e) {
            setConfirm(false);
            notify.error(errorMessage(e));
          }
        }}
      />
    </>
  );
}

function SediContatti({ cliente }: { cliente: Cliente }) {
  const province = useProvinceOptions();
  const [saveSede] = useSaveClienteSedeMutation();
  const [deleteSede] = useDeleteClienteSedeMutation();
  const [saveContatto] = useSaveClienteContattoMutation();
  const [deleteContatto] = useDeleteClienteContattoMutation();
  return (
    <>
      <ChildTable<Sede>
        label="Sedi operative"
        rows={cliente.sedi}
        isLoading={false}
        {...childTexts("sede")}
        form={{
          placement: "dialog",
          titles: { add: "Nuova sede", edit: "Modifica sede" },
          validate: validateSede,
          fields: [
            { name: "descrizione", label: "Descrizione", required: true },
            { name: "indirizzo", label: "Indirizzo" },
            { name: "cap", label: "CAP" },
            { name: "citta", label: "Città" },
            { name: "prov", label: "Provincia", kind: "select", options: province },
            { name: "note", label: "Note", kind: "textarea" },
          ],
        }}
        columns={[
          { header: "Descrizione", render: (s) => s.descrizione },
          {
            header: "Indirizzo",
            render: (s) => [s.indirizzo, s.cap, s.citta, s.prov && `(${s.prov})`].filter(Boolean).join(" "),
          },
          { header: "Coordinate", render: (s) => (s.lat !== null ? `${s.lat.toFixed(4)}, ${s.lng?.toFixed(4)}` : "—") },
        ]}
        save={(v, s) =>
          saveSede({ id: cliente.id, subId: s?.id, data: v as Partial<Sede> })
            .unwrap()
            // the answer carries the geocoding's warnings as a client's save does (SedeSavedOut)
            .then(showWarnings)
        }
        remove={(s) => deleteSede({ id: cliente.id, subId: s.id }).unwrap()}
      />
      <ChildTable<Contatto>
        label="Contatti"
        rows={cliente.contatti}
        isLoading={false}
        {...childTexts("contatto")}
        form={{
          placement: "dialog",
          titles: { add: "Nuovo contatto", edit: "Modifica contatto" },
          validate: validateContatto,
          fields: [
            { name: "nome", label: "Nome", required: true },
            { name: "ruolo", label: "Ruolo" },
            { name: "telefono", label: "Telefono", kind: "tel" },
            { name: "email", label: "E-mail", kind: "email" },
            { name: "note", label: "Note", kind: "textarea" },
          ],
        }}
        columns={[
          { header: "Nome", render: (c) => c.nome },
          { header: "Ruolo", render: (c) => c.ruolo || "—" },
          { header: "Telefono", render: (c) => c.telefono || "—" },
          { header: "E-mail", render: (c) => c.email || "—" },
        ]}
        save={(v, c) => saveContatto({ id: cliente.id, subId: c?.id, data: v as Partial<Contatto> }).unwrap()}
        remove={(c) => deleteContatto({ id: cliente.id, subId: c.id }).unwrap()}
      />
    </>
  );
}

export function NuovoClientePage() {
  return (
    <Box p="4">
      <Heading size="lg" mb="4">
        Nuovo cliente
      </Heading>
      <ClienteForm />
    </Box>
  );
}

export function ClientePage() {
  const id = Number(useParams().clienteId);
  const { data, error, isLoading } = useClienteQuery(id, { skip: !Number.isInteger(id) || id <= 0 });
  if (isLoading) return <Skeleton height="40" m="4" />;
  if (error || !data)
    return (
      <Box p="4">
        <RecordError error={error} fallback="Cliente non trovato" />
      </Box>
    );
  return (
    <Stack p="4" gap="6">
      <HStack gap="3">
        <Heading size="lg">{data.ragione_sociale}</Heading>
        {data.attivo ? <Badge colorPalette="green">Attivo</Badge> : <Badge>Non attivo</Badge>}
      </HStack>
      <ClienteForm cliente={data} />
      <SediContatti cliente={data} />
      <FatturaPACliente cliente={data.id} />
      <Box>
        <Heading size="md" mb="2">
          Contratti
        </Heading>
        {data.contratti.length === 0 ? (
          <Text color="fg.muted">Nessun contratto</Text>
        ) : (
          <Stack gap="1">
            {data.contratti.map((c) => (
              <HStack key={c.id} gap="2">
                <ChakraLink asChild variant="underline" colorPalette="blue">
                  <Link to={`/pianificazione/contratti/${c.id}`}>{c.titolo}</Link>
                </ChakraLink>
                {c.attivo ? <Badge colorPalette="green">Attivo</Badge> : <Badge>Non attivo</Badge>}
              </HStack>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
