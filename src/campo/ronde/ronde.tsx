/**
 * Ronde (issue 34): the rounds of the guard's shifts as the server judged them; starting one shows
 * its points — those the server has, those waiting in the outbox — and three ways to record a
 * point: the camera's QR reader, the NFC tag where the phone reads them, the code typed by hand.
 * Every scan goes through the outbox (IndexedDB, UUID): offline it waits and is sent later.
 */
import { Badge, Box, Button, chakra, Flex, Input, Stack, Text } from "@chakra-ui/react";
import { useSelector } from "@xstate/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ActorRefFrom } from "xstate";
import {
  type MetodoPassaggio,
  RONDA_STATO_LABEL,
  type Ronda,
  type RondaStato,
} from "../../domain/contracts/pianificazione/ronde/schemas";
import { campoApi, campoErrorMessage } from "../api";
import type { Azione, AzionePassaggio } from "../outbox/azioni";
import { leggiNfc, nfcDisponibile, precaricaDecodificatore } from "./lettori";
import type { RondaMachine } from "./ronda.machine";
import { ScannerQr } from "./scanner";

const Label = chakra("label", { base: { display: "block", fontWeight: "medium", mb: "1" } });

const COLORE: Record<RondaStato, string> = {
  prevista: "gray",
  in_corso: "blue",
  completata: "green",
  in_ritardo: "orange",
  incompleta: "red",
  non_eseguita: "red",
};

const ora = (s: string | null) => (s ? s.slice(11, 16) : "");

function RondaCard({ r, onAvvia }: { r: Ronda; onAvvia?: () => void }) {
  const fatti = r.punti.filter((p) => p.passato_il).length;
  return (
    <Box as="article" aria-label={`Ronda ${r.piano} delle ${ora(r.previsto_il)}`} borderWidth="1px" rounded="md" p="3">
      <Flex justify="space-between" align="center" gap="2">
        <Text fontWeight="bold" fontSize="lg">
          {ora(r.previsto_il)} · {r.piano}
        </Text>
        <Badge colorPalette={COLORE[r.stato]}>{RONDA_STATO_LABEL[r.stato]}</Badge>
      </Flex>
      <Text fontSize="sm">
        {fatti} di {r.punti.length} punti · tolleranza {r.tolleranza_minuti} min
        {r.ordinata ? " · nell'ordine indicato" : ""}
      </Text>
      {r.punti_mancanti.length > 0 && <Text fontSize="sm">Punti mancati: {r.punti_mancanti.join(", ")}</Text>}
      {onAvvia && (
        <Button mt="2" w="full" colorPalette="blue" onClick={onAvvia}>
          Avvia ronda
        </Button>
      )}
    </Box>
  );
}

/** The scan buttons: camera, NFC (where the phone has it), the code typed. */
function Passaggio({ onCodice }: { onCodice: (codice: string, metodo: MetodoPassaggio) => void }) {
  const [modo, setModo] = useState<"nessuno" | "qr" | "nfc" | "manuale">("nessuno");
  const [codice, setCodice] = useState("");
  const [errore, setErrore] = useState<string | null>(null);
  const nfc = useRef<AbortController | null>(null);
  useEffect(() => () => nfc.current?.abort(), []);
  const letto = useCallback(
    (c: string) => {
      setModo("nessuno");
      onCodice(c, "qr");
    },
    [onCodice],
  );
  const avviaNfc = () => {
    setErrore(null);
    setModo("nfc");
    nfc.current?.abort();
    const ctl = new AbortController();
    nfc.current = ctl;
    leggiNfc(ctl.signal)
      .then((c) => {
        ctl.abort();
        setModo("nessuno");
        onCodice(c, "nfc");
      })
      .catch((e: Error) => {
        setModo("nessuno");
        setErrore(e.message);
      });
  };
  return (
    <Stack gap="2" mt="2">
      <Flex gap="2">
        <Button flex="1" colorPalette="blue" onClick={() => setModo("qr")}>
          Scansiona QR
        </Button>
        {nfcDisponibile() && (
          <Button flex="1" colorPalette="blue" variant="outline" onClick={avviaNfc}>
            {modo === "nfc" ? "Avvicinare il tag…" : "Leggi NFC"}
          </Button>
        )}
        <Button flex="1" variant="outline" onClick={() => setModo("manuale")}>
          Digita codice
        </Button>
      </Flex>
      {errore && (
        <Text role="alert" color="red.700">
          {errore}
        </Text>
      )}
      {modo === "qr" && <ScannerQr onCodice={letto} onChiudi={() => setModo("nessuno")} />}
      {modo === "manuale" && (
        <chakra.form
          onSubmit={(e) => {
            e.preventDefault();
            if (!codice.trim()) return;
            onCodice(codice, "manuale");
            setCodice("");
            setModo("nessuno");
          }}
        >
          <Label htmlFor="ronda-codice">Codice del punto (scritto sotto il QR)</Label>
          <Input
            id="ronda-codice"
            size="xl"
            autoCapitalize="characters"
            value={codice}
            onChange={(e) => setCodice(e.target.value)}
          />
          <Text fontSize="sm" color="gray.600">
            Un codice digitato viene segnalato all'ufficio.
          </Text>
          <Button type="submit" mt="2" w="full" colorPalette="blue">
            Registra passaggio
          </Button>
        </chakra.form>
      )}
    </Stack>
  );
}

export function RondeScreen({ ronda, inCoda }: { ronda: ActorRefFrom<RondaMachine>; inCoda: Azione[] }) {
  const ronde = campoApi.useRondeQuery(undefined, { pollingInterval: 60_000 });
  useEffect(() => precaricaDecodificatore(), []);
  const ctx = useSelector(ronda, (s) => s.context);
  const leggendo = useSelector(ronda, (s) => s.matches("posizione"));
  const onCodice = useCallback(
    (codice: string, metodo: MetodoPassaggio) => ronda.send({ type: "PASSAGGIO", codice, metodo, at: Date.now() }),
    [ronda],
  );
  const passaggi = inCoda.filter((a): a is AzionePassaggio => a.tipo === "passaggio");
  // The started round as the server last answered (its state moves as scans arrive).
  const attiva = ctx.attiva ? (ronde.data?.results.find((r) => r.id === ctx.attiva?.id) ?? ctx.attiva) : null;
  if (attiva) {
    const attesa = passaggi.filter((a) => a.dati.ronda_id === attiva.id);
    return (
      <Stack gap="3">
        <RondaCard r={attiva} />
        <Passaggio onCodice={onCodice} />
        {leggendo && <Text>Lettura della posizione…</Text>}
        {ctx.ultimo && (
          <Text role="status" color="green.800">
            Passaggio {ctx.ultimo.punto ? `"${ctx.ultimo.punto}" ` : ""}registrato alle{" "}
            {new Date(ctx.ultimo.at).toLocaleTimeString("it-IT", { hour: "2-digit", minute: "2-digit" })}
            {ctx.ultimo.posizione ? ` (±${ctx.ultimo.posizione.accuratezza} m)` : ` (${ctx.ultimo.motivo})`}
          </Text>
        )}
        <Stack as="ul" gap="1" listStyleType="none">
          {attiva.punti.map((p, i) => {
            const coda = attesa.some((a) => a.dati.codice.toUpperCase() === p.codice);
            return (
              <Flex as="li" key={p.id} justify="space-between" borderBottomWidth="1px" py="2" gap="2">
                <Box>
                  <Text fontWeight="medium">
                    {attiva.ordinata ? `${i + 1}. ` : ""}
                    {p.nome}
                  </Text>
                  {p.istruzioni && <Text fontSize="sm">{p.istruzioni}</Text>}
                </Box>
                <Text fontSize="sm" color={p.passato_il ? "green.700" : coda ? "orange.700" : "gray.600"}>
                  {p.passato_il ? `Fatto ${ora(p.passato_il)}` : coda ? "In coda" : "Da fare"}
                </Text>
              </Flex>
            );
          })}
        </Stack>
        <Button variant="outline" onClick={() => ronda.send({ type: "TERMINA" })}>
          Chiudi la ronda
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="3">
      <Text fontSize="xl" fontWeight="bold">
        Ronde
      </Text>
      {ronde.error && <Text role="alert">{campoErrorMessage(ronde.error)}</Text>}
      {ronde.data?.results.length === 0 && <Text>Nessuna ronda nei tuoi turni di queste ore.</Text>}
      {ronde.data?.results.map((r) => (
        <RondaCard key={r.id} r={r} onAvvia={() => ronda.send({ type: "AVVIA", ronda: r })} />
      ))}
      <Box borderTopWidth="1px" pt="2">
        <Text fontSize="sm">Passaggio senza ronda avviata (il server lo assegna alla ronda del momento):</Text>
        <Passaggio onCodice={onCodice} />
      </Box>
    </Stack>
  );
}
