/**
 * /sopralluogo: the site-inspection form for a client's site or a prospective client's — address,
 * date, inspector, the checklist (access points, lighting, cameras, alarms, risks), notes, outcome
 * and recommended service, photos (sent after the inspection is saved, each checked by content on
 * the server). Saved, it is listed in the sopralluoghi report (/report/sopralluoghi) and the page
 * shows its record (`?id=N`, sopralluogo-scheda.tsx: the photos, their deletion, the PDF).
 */
import { Box, Button, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Form } from "react-final-form";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { useClientiOptionsQuery } from "../../../api/pianificazione/contratti.endpoints";
import { useCreateSopralluogoMutation } from "../../../api/report/sopralluoghi.endpoints";
import { DateField, SAVED_TEXT, SelectField, saveFailure, TextareaField, TextField } from "../../../components/form";
import { CHECKLIST_SOPRALLUOGO, ESITI_SOPRALLUOGO } from "../../../domain/sopralluogo";
import { notify } from "../../../lib/toaster";
import { useCaricaFoto } from "./sopralluogo-foto";
import { SopralluogoScheda } from "./sopralluogo-scheda";

type Values = Record<string, string | undefined> & { checklist?: Record<string, string> };

const oggi = () => new Date().toLocaleDateString("sv-SE");

function payload(v: Values) {
  return {
    cliente: v.cliente ? Number(v.cliente) : null,
    potenziale_cliente: v.potenziale_cliente ?? "",
    indirizzo: v.indirizzo ?? "",
    cap: v.cap ?? "",
    citta: v.citta ?? "",
    prov: v.prov ?? "",
    data: v.data ?? "",
    ispettore: v.ispettore ?? "",
    checklist: {
      accessi: v.checklist?.accessi ?? "",
      illuminazione: v.checklist?.illuminazione ?? "",
      telecamere: v.checklist?.telecamere ?? "",
      allarmi: v.checklist?.allarmi ?? "",
      rischi: v.checklist?.rischi ?? "",
    },
    note: v.note ?? "",
    esito: (v.esito || undefined) as "favorevole" | "con_riserva" | "sfavorevole",
    servizio_consigliato: v.servizio_consigliato ?? "",
  };
}

export function SopralluogoPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get("id"));
  return (
    <Box p="4" maxW="5xl">
      <HStack justify="space-between" mb="3">
        <Heading size="lg">Sopralluogo</Heading>
        <RouterLink to="/report/sopralluoghi">Tutti i sopralluoghi</RouterLink>
      </HStack>
      {Number.isInteger(id) && id > 0 ? (
        <SopralluogoScheda id={id} />
      ) : (
        <NuovoSopralluogo onSaved={(saved) => setParams({ id: String(saved) })} />
      )}
    </Box>
  );
}

/** The form of a new inspection; once saved (photos sent after it), its record is shown. */
function NuovoSopralluogo({ onSaved }: { onSaved: (id: number) => void }) {
  const [create] = useCreateSopralluogoMutation();
  const [caricaFoto] = useCaricaFoto();
  const [foto, setFoto] = useState<File[]>([]);
  const clienti = (useClientiOptionsQuery().data?.results ?? []).map((c) => ({
    value: String(c.id),
    label: c.ragione_sociale,
  }));
  return (
    <Form<Values>
      initialValues={{ data: oggi() }}
      onSubmit={async (values) => {
        try {
          const saved = await create(payload(values)).unwrap();
          notify.success(SAVED_TEXT);
          for (const w of saved.warnings) notify.warning(w);
          await caricaFoto(saved.id, foto);
          onSaved(saved.id);
          return undefined;
        } catch (err) {
          return saveFailure(err);
        }
      }}
      render={({ handleSubmit, submitting }) => (
        <Stack as="form" onSubmit={handleSubmit} gap="4" aria-label="Sopralluogo">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <SelectField name="cliente" label="Cliente" options={clienti} />
            <TextField name="potenziale_cliente" label="Potenziale cliente (se non è ancora cliente)" />
            <TextField name="indirizzo" label="Indirizzo" required />
            <SimpleGrid columns={3} gap="2">
              <TextField name="cap" label="CAP" />
              <TextField name="citta" label="Città" required />
              <TextField name="prov" label="Provincia" maxLength={2} />
            </SimpleGrid>
            <DateField name="data" label="Data" required />
            <TextField name="ispettore" label="Ispettore" required />
          </SimpleGrid>
          <Text fontWeight="semibold">Verifiche</Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {CHECKLIST_SOPRALLUOGO.map((c) => (
              <TextareaField key={c.code} name={`checklist.${c.code}`} label={c.label} rows={2} />
            ))}
          </SimpleGrid>
          <TextareaField name="note" label="Note" />
          <Stack gap="1">
            <Text fontWeight="semibold">Foto</Text>
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              aria-label="Foto del sopralluogo"
              onChange={(e) => setFoto(Array.from(e.target.files ?? []))}
            />
            <Text fontSize="xs" color="fg.muted">
              JPEG, PNG o WebP, al massimo 8 MB ciascuna: si caricano al salvataggio.
              {foto.length > 0 && ` Selezionate: ${foto.map((f) => f.name).join(", ")}.`}
            </Text>
          </Stack>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <SelectField
              name="esito"
              label="Esito"
              required
              options={ESITI_SOPRALLUOGO.map((e) => ({ value: e.code, label: e.label }))}
            />
            <TextField name="servizio_consigliato" label="Servizio consigliato" />
          </SimpleGrid>
          <HStack justify="flex-end">
            <Button type="submit" colorPalette="blue" loading={submitting}>
              Salva sopralluogo
            </Button>
          </HStack>
        </Stack>
      )}
    />
  );
}
