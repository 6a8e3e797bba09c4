/**
 * Segnalazioni: the guard writes a service report (./relazioni.tsx) or opens a ticket (category, subject, text, a photo from the camera made
 * smaller on the phone, src/campo/foto.ts) and reads the desk's replies. With no network the ticket
 * waits in the outbox with its photo (its UUID is the server's idempotency key).
 */
import { Badge, Box, Button, chakra, Input, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import type { AppTicket, AppTicketData, TicketMessaggio } from "../../domain/contracts/console/app-guardie/schemas";
import { formatDateTime } from "../../domain/format";
import { campoApi, campoErrorMessage, isNetworkError } from "../api";
import { riduciFoto } from "../foto";
import { type AccodaRelazione, ElencoRelazioni, NuovaRelazione } from "./relazioni";

const Label = chakra("label", { base: { fontWeight: "medium", display: "block", mb: "1" } });
const field = { w: "full", minH: "48px", borderWidth: "1px", rounded: "md", px: "3", bg: "white", fontSize: "md" };
const Select = chakra("select", { base: field });
const Textarea = chakra("textarea", { base: { ...field, py: "2", minH: "120px" } });

// The contract's categories (TICKET_TIPI), checked against its type: importing the value would
// bring zod into the app's first load (~20 kB).
const TICKET_TIPI = ["problema", "richiesta", "segnalazione"] as const satisfies readonly AppTicket["tipo"][];
const TIPO_LABEL: Record<AppTicket["tipo"], string> = {
  problema: "Problema",
  richiesta: "Richiesta",
  segnalazione: "Segnalazione",
};
const STATO_LABEL = { aperto: "Aperto", in_lavorazione: "In lavorazione", chiuso: "Chiuso" } as const;

/** Hands a ticket written with no network to the outbox (src/campo/outbox/azioni.ts `AzioneTicket`). */
export type AccodaTicket = (dati: AppTicketData & { id: string }, foto?: Blob) => void;

function NuovoTicket({ onDone, accoda }: { onDone: (inCoda?: boolean) => void; accoda?: AccodaTicket }) {
  const [apri, apertura] = campoApi.useApriTicketMutation();
  const [carica, caricamento] = campoApi.useFotoTicketMutation();
  const [tipo, setTipo] = useState<(typeof TICKET_TIPI)[number]>("segnalazione");
  const [oggetto, setOggetto] = useState("");
  const [testo, setTesto] = useState("");
  const [foto, setFoto] = useState<File | null>(null);
  const [errore, setErrore] = useState<string | null>(null);
  // Made once per ticket (issue 33): sent again after a failed try, it opens nothing twice.
  const [id] = useState(() => crypto.randomUUID());
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrore(null);
    const dati = { id, tipo, oggetto, testo };
    try {
      const ridotta = foto ? await riduciFoto(foto) : null;
      const ticket = await apri(dati).unwrap();
      if (ridotta) await carica({ id: ticket.id, foto: ridotta }).unwrap();
      onDone();
    } catch (err) {
      // No network: the ticket waits in the outbox with its photo (made smaller) and opens once.
      if (isNetworkError(err) && accoda) {
        accoda(dati, foto ? await riduciFoto(foto) : undefined);
        onDone(true);
      } else setErrore(campoErrorMessage(err));
    }
  };
  const busy = apertura.isLoading || caricamento.isLoading;
  return (
    <form onSubmit={submit} aria-label="Nuova segnalazione">
      <Stack gap="3">
        <Box>
          <Label htmlFor="ticket-tipo">Categoria</Label>
          <Select id="ticket-tipo" value={tipo} onChange={(e) => setTipo(e.target.value as typeof tipo)}>
            {TICKET_TIPI.map((t) => (
              <option key={t} value={t}>
                {TIPO_LABEL[t]}
              </option>
            ))}
          </Select>
        </Box>
        <Box>
          <Label htmlFor="ticket-oggetto">Oggetto</Label>
          <Input id="ticket-oggetto" size="xl" value={oggetto} onChange={(e) => setOggetto(e.target.value)} />
        </Box>
        <Box>
          <Label htmlFor="ticket-testo">Descrizione</Label>
          <Textarea id="ticket-testo" value={testo} onChange={(e) => setTesto(e.target.value)} />
        </Box>
        <Box>
          <Label htmlFor="ticket-foto">Foto (facoltativa)</Label>
          <chakra.input
            id="ticket-foto"
            type="file"
            accept="image/*"
            capture="environment"
            minH="48px"
            onChange={(e) => setFoto(e.target.files?.[0] ?? null)}
          />
        </Box>
        {errore && (
          <Text role="alert" color="red.700">
            {errore}
          </Text>
        )}
        <Button type="submit" size="xl" colorPalette="blue" loading={busy} disabled={!oggetto.trim() || !testo.trim()}>
          Invia segnalazione
        </Button>
      </Stack>
    </form>
  );
}

function Messaggio({ m }: { m: TicketMessaggio }) {
  return (
    <Box p="2" rounded="md" bg={m.autore === "ufficio" ? "blue.50" : "gray.50"}>
      <Text fontSize="sm" color="gray.600">
        {m.autore === "ufficio" ? `Ufficio · ${m.nome}` : m.nome} · {formatDateTime(m.data_ora)}
      </Text>
      <Text whiteSpace="pre-wrap">{m.testo}</Text>
    </Box>
  );
}

function Dettaglio({ id, onBack }: { id: number; onBack: () => void }) {
  const { data, error } = campoApi.useTicketQuery(id);
  return (
    <Stack gap="3">
      <Button variant="outline" onClick={onBack}>
        Indietro
      </Button>
      {error && <Text role="alert">{campoErrorMessage(error)}</Text>}
      {data && (
        <>
          <Text as="h1" fontSize="xl" fontWeight="bold">
            {data.oggetto}
          </Text>
          <Text fontSize="sm">
            {TIPO_LABEL[data.tipo]} · {STATO_LABEL[data.stato]} · {formatDateTime(data.data_ora)}
            {data.foto ? " · con foto" : ""}
          </Text>
          <Text whiteSpace="pre-wrap">{data.testo}</Text>
          {data.messaggi.map((m) => (
            <Messaggio key={m.id} m={m} />
          ))}
        </>
      )}
    </Stack>
  );
}

export function SegnalazioniScreen({
  accoda,
  accodaRelazione,
}: {
  accoda?: AccodaTicket;
  accodaRelazione?: AccodaRelazione;
} = {}) {
  const [vista, setVista] = useState<"elenco" | "nuova" | "relazione" | number>("elenco");
  const [inCoda, setInCoda] = useState(false);
  const [relazioneInviata, setRelazioneInviata] = useState(false);
  const { data, error } = campoApi.useTicketsQuery();
  if (vista === "nuova")
    return (
      <NuovoTicket
        accoda={accoda}
        onDone={(coda) => {
          setInCoda(Boolean(coda));
          setVista("elenco");
        }}
      />
    );
  if (vista === "relazione" && accodaRelazione)
    return (
      <NuovaRelazione
        accoda={(dati, foto) => {
          accodaRelazione(dati, foto);
          setRelazioneInviata(true);
        }}
        onDone={() => setVista("elenco")}
      />
    );
  if (typeof vista === "number") return <Dettaglio id={vista} onBack={() => setVista("elenco")} />;
  return (
    <Stack gap="3">
      <Text as="h1" fontSize="xl" fontWeight="bold">
        Segnalazioni
      </Text>
      <Button colorPalette="blue" size="lg" onClick={() => setVista("nuova")}>
        Nuova segnalazione
      </Button>
      {accodaRelazione && (
        <Button colorPalette="blue" variant="outline" size="lg" onClick={() => setVista("relazione")}>
          Nuova relazione di servizio
        </Button>
      )}
      {inCoda && <Text role="status">Segnalazione in coda: partirà da sola quando torna la rete.</Text>}
      {relazioneInviata && (
        <Text role="status">Relazione affidata alla coda: la trovi in «In coda» finché il server non la riceve.</Text>
      )}
      {error && !data && <Text role="alert">{campoErrorMessage(error)}</Text>}
      {data?.results.length === 0 && <Text>Nessuna segnalazione.</Text>}
      {data?.results.map((t) => (
        <Button
          key={t.id}
          variant="outline"
          h="auto"
          py="2"
          justifyContent="space-between"
          whiteSpace="normal"
          textAlign="left"
          onClick={() => setVista(t.id)}
        >
          <Stack gap="0" align="flex-start">
            <Text fontWeight="semibold">{t.oggetto}</Text>
            <Text fontSize="sm">{formatDateTime(t.data_ora)}</Text>
          </Stack>
          <Badge colorPalette={t.stato === "chiuso" ? "gray" : "blue"}>{STATO_LABEL[t.stato]}</Badge>
        </Button>
      ))}
      {accodaRelazione && <ElencoRelazioni />}
    </Stack>
  );
}
