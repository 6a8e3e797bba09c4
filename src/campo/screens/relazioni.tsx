/**
 * Relazione di servizio (issue 34 item 5): the guard writes what happened — category, severity, when
 * and where, the facts, what was done, photos from the camera made smaller on the phone — and sends
 * it. It goes through the outbox (a UUID and the device time, kept in IndexedDB with its photos, sent
 * when the network is there): it works with no network. The position is read once, when it is sent
 * (never in the background). An *emergenza* also raises an alarm at the control room.
 * DM 269/2010, Allegato D: the institute keeps the reports at the police's disposal.
 */
import { Badge, Box, Button, chakra, Input, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import {
  RELAZIONE_CATEGORIA_LABEL,
  RELAZIONE_CATEGORIE,
  RELAZIONE_GRAVITA,
  RELAZIONE_GRAVITA_LABEL,
  RELAZIONE_MAX_FOTO,
  RELAZIONE_STATO_LABEL,
  type RelazioneCategoria,
  type RelazioneGravita,
} from "../../domain/contracts/console/relazioni/labels";
import type { AppRelazioneData } from "../../domain/contracts/console/relazioni/schemas";
import { formatDateTime } from "../../domain/format";
import { campoApi, campoErrorMessage } from "../api";
import { riduciFoto } from "../foto";
import { leggiPosizione } from "../machines/outbox.services";
import { isoConOffset } from "../outbox/azioni";

const Label = chakra("label", { base: { fontWeight: "medium", display: "block", mb: "1" } });
const field = { w: "full", minH: "48px", borderWidth: "1px", rounded: "md", px: "3", bg: "white", fontSize: "md" };
const Select = chakra("select", { base: field });
const Textarea = chakra("textarea", { base: { ...field, py: "2", minH: "120px" } });

/** Hands a report to the outbox (src/campo/outbox/azioni.ts `AzioneRelazione`). */
export type AccodaRelazione = (dati: AppRelazioneData, foto: Blob[]) => void;

/** "YYYY-MM-DDTHH:mm" of the phone's clock, what a datetime-local input holds. */
const adesso = () => isoConOffset(Date.now()).slice(0, 16);

export function NuovaRelazione({ accoda, onDone }: { accoda: AccodaRelazione; onDone: () => void }) {
  const [categoria, setCategoria] = useState<RelazioneCategoria>("altro");
  const [gravita, setGravita] = useState<RelazioneGravita>("routine");
  const [accaduto, setAccaduto] = useState(adesso);
  const [luogo, setLuogo] = useState("");
  const [descrizione, setDescrizione] = useState("");
  const [provvedimenti, setProvvedimenti] = useState("");
  const [foto, setFoto] = useState<File[]>([]);
  const [errore, setErrore] = useState<string | null>(null);
  const [invio, setInvio] = useState(false);
  // Made once per report: sent again after a failed try, it records nothing twice.
  const [id] = useState(() => crypto.randomUUID());
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const quando = new Date(accaduto).getTime();
    if (Number.isNaN(quando)) return setErrore("Indica quando è successo");
    if (quando > Date.now() + 5 * 60_000) return setErrore("La data e ora del fatto è nel futuro");
    setErrore(null);
    setInvio(true);
    try {
      const posizione = await leggiPosizione().catch(() => null);
      const ridotte: Blob[] = [];
      for (const f of foto) ridotte.push(await riduciFoto(f));
      accoda(
        {
          id,
          data_ora: isoConOffset(Date.now()),
          categoria,
          gravita,
          accaduto_il: isoConOffset(quando),
          luogo: luogo.trim(),
          descrizione: descrizione.trim(),
          provvedimenti: provvedimenti.trim(),
          lat: posizione?.lat ?? null,
          lng: posizione?.lng ?? null,
          accuratezza: posizione?.accuratezza ?? null,
        },
        ridotte,
      );
      onDone();
    } catch (err) {
      setErrore(campoErrorMessage(err));
    } finally {
      setInvio(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label="Nuova relazione di servizio">
      <Stack gap="3">
        <Text as="h1" fontSize="xl" fontWeight="bold">
          Relazione di servizio
        </Text>
        <Box>
          <Label htmlFor="rel-categoria">Categoria</Label>
          <Select
            id="rel-categoria"
            value={categoria}
            onChange={(e) => setCategoria(e.target.value as RelazioneCategoria)}
          >
            {RELAZIONE_CATEGORIE.map((c) => (
              <option key={c} value={c}>
                {RELAZIONE_CATEGORIA_LABEL[c]}
              </option>
            ))}
          </Select>
        </Box>
        <Box>
          <Label htmlFor="rel-gravita">Gravità</Label>
          <Select id="rel-gravita" value={gravita} onChange={(e) => setGravita(e.target.value as RelazioneGravita)}>
            {RELAZIONE_GRAVITA.map((g) => (
              <option key={g} value={g}>
                {RELAZIONE_GRAVITA_LABEL[g]}
              </option>
            ))}
          </Select>
          {gravita === "emergenza" && (
            <Text mt="1" color="red.700" fontWeight="semibold">
              Un'emergenza invia anche un allarme alla centrale.
            </Text>
          )}
        </Box>
        <Box>
          <Label htmlFor="rel-accaduto">Quando è successo</Label>
          <Input
            id="rel-accaduto"
            type="datetime-local"
            size="xl"
            value={accaduto}
            onChange={(e) => setAccaduto(e.target.value)}
          />
        </Box>
        <Box>
          <Label htmlFor="rel-luogo">Dove</Label>
          <Input id="rel-luogo" size="xl" value={luogo} onChange={(e) => setLuogo(e.target.value)} />
        </Box>
        <Box>
          <Label htmlFor="rel-descrizione">Che cosa è successo</Label>
          <Textarea id="rel-descrizione" value={descrizione} onChange={(e) => setDescrizione(e.target.value)} />
        </Box>
        <Box>
          <Label htmlFor="rel-provvedimenti">Che cosa hai fatto (facoltativo)</Label>
          <Textarea
            id="rel-provvedimenti"
            minH="72px"
            value={provvedimenti}
            onChange={(e) => setProvvedimenti(e.target.value)}
          />
        </Box>
        <Box>
          <Label htmlFor="rel-foto">Foto (al massimo {RELAZIONE_MAX_FOTO}, facoltative)</Label>
          <chakra.input
            id="rel-foto"
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            minH="48px"
            onChange={(e) => setFoto([...(e.target.files ?? [])].slice(0, RELAZIONE_MAX_FOTO))}
          />
        </Box>
        {errore && (
          <Text role="alert" color="red.700">
            {errore}
          </Text>
        )}
        <Button
          type="submit"
          size="xl"
          colorPalette={gravita === "emergenza" ? "red" : "blue"}
          loading={invio}
          loadingText="Rilevo la posizione…"
          disabled={!luogo.trim() || !descrizione.trim()}
        >
          Invia relazione
        </Button>
        <Button variant="outline" onClick={onDone}>
          Annulla
        </Button>
      </Stack>
    </form>
  );
}

/** The guard's own reports of the last 30 days, as the office has them. */
export function ElencoRelazioni() {
  const { data, error } = campoApi.useRelazioniQuery();
  if (error && !data) return <Text role="alert">{campoErrorMessage(error)}</Text>;
  if (!data?.results.length) return null;
  return (
    <Stack gap="2" aria-label="Le mie relazioni">
      <Text as="h2" fontSize="lg" fontWeight="bold">
        Relazioni di servizio
      </Text>
      {data.results.map((r) => (
        <Box key={r.id} borderWidth="1px" rounded="md" p="2">
          <Stack direction="row" justify="space-between" align="center">
            <Text fontWeight="semibold">
              {RELAZIONE_CATEGORIA_LABEL[r.categoria]} · {r.luogo}
            </Text>
            <Badge colorPalette={r.stato === "approvata" ? "green" : "gray"}>{RELAZIONE_STATO_LABEL[r.stato]}</Badge>
          </Stack>
          <Text fontSize="sm">
            {formatDateTime(r.accaduto_il)} · {RELAZIONE_GRAVITA_LABEL[r.gravita]}
            {r.foto ? ` · ${r.foto} foto` : ""}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}
