/**
 * The control room's alarm (issue 32 item 8): while the event or a gate is at its maximum
 * threshold, a red banner across the page names them with their figures — impossible to miss from
 * across a room — and a short tone sounds each time one more reaches it. The tone can be muted;
 * the choice is kept in this browser (localStorage), the banner stays.
 */
import { Alert, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import type { ControlRoom } from "../../../domain/contracts/cms/control-room";

const AUDIO_KEY = "erp.cms.control-room.audio";

interface Oltre {
  chiave: string;
  nome: string;
  presenti: number;
  capienza: number;
}

/** What is at the maximum threshold: the event as a whole first, then its gates. */
export function oltreSoglia(data: ControlRoom): Oltre[] {
  const out: Oltre[] = [];
  if (data.totale.livello === "massimo")
    out.push({ chiave: "totale", nome: "Evento", presenti: data.totale.presenti, capienza: data.totale.capienza });
  for (const v of data.varchi)
    if (v.livello === "massimo")
      out.push({ chiave: `v${v.id}`, nome: v.nome, presenti: v.presenti, capienza: v.capienza });
  return out;
}

function readAudio(): boolean {
  try {
    return localStorage.getItem(AUDIO_KEY) !== "off";
  } catch {
    return true;
  }
}

/** Two short high tones (Web Audio; nothing where the browser has none). */
function suona(): void {
  const Ctx =
    typeof window === "undefined"
      ? undefined
      : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Ctx) return;
  const ctx = new Ctx();
  for (const [i, freq] of [880, 1175].entries()) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = freq;
    gain.gain.value = 0.2;
    osc.connect(gain).connect(ctx.destination);
    osc.start(ctx.currentTime + i * 0.25);
    osc.stop(ctx.currentTime + i * 0.25 + 0.2);
  }
  setTimeout(() => void ctx.close(), 1000);
}

export function AllarmeSoglia({ data, sogliaMassima }: { data: ControlRoom; sogliaMassima: number }) {
  const oltre = oltreSoglia(data);
  const [audio, setAudio] = useState(readAudio);
  const seen = useRef<Set<string>>(new Set());
  const chiavi = oltre.map((o) => o.chiave).join(",");
  useEffect(() => {
    const now = new Set(chiavi ? chiavi.split(",") : []);
    const nuovi = [...now].some((k) => !seen.current.has(k));
    seen.current = now;
    if (nuovi && audio) suona();
  }, [chiavi, audio]);
  const toggle = () => {
    const next = !audio;
    setAudio(next);
    try {
      localStorage.setItem(AUDIO_KEY, next ? "on" : "off");
    } catch {
      /* private mode: the choice lasts this page */
    }
  };
  const audioButton = (
    <Button size="sm" variant="outline" onClick={toggle} aria-pressed={!audio}>
      {audio ? "Disattiva audio" : "Attiva audio"}
    </Button>
  );
  if (oltre.length === 0) return <HStack justify="end">{audioButton}</HStack>;
  return (
    <Alert.Root status="error" variant="solid" role="alert" aria-label="Soglia massima raggiunta" py="4">
      <Alert.Indicator boxSize="8" />
      <Stack flex="1" gap="1">
        <Alert.Title fontSize="xl">Soglia massima raggiunta ({sogliaMassima}%)</Alert.Title>
        <Alert.Description>
          {oltre.map((o) => (
            <Text key={o.chiave} fontSize="lg" fontWeight="semibold">
              {`${o.nome}: ${o.presenti.toLocaleString("it-IT")} presenti su ${o.capienza.toLocaleString("it-IT")} (${
                o.capienza > 0 ? Math.round((o.presenti * 100) / o.capienza) : 0
              }%)`}
            </Text>
          ))}
        </Alert.Description>
      </Stack>
      <Button size="sm" variant="surface" colorPalette="red" onClick={toggle} aria-pressed={!audio}>
        {audio ? "Disattiva audio" : "Attiva audio"}
      </Button>
    </Alert.Root>
  );
}
