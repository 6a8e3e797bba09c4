/**
 * The counter's screens: the gate to count (when not chosen), then the gate's and the event's
 * occupancy in the thresholds' colours (src/domain/cms.ts `livello`, the control room's) and the
 * big +1 / −1 / +5 buttons, one-handed, from 360 px wide. What the phone has not sent yet is
 * already in the figures shown, and listed apart.
 */
import { Box, Button, Flex, Grid, Stack, Text } from "@chakra-ui/react";
import { type Livello, livello } from "../../domain/cms";
import type { AppCmsLoginOut } from "../../domain/contracts/cms/app";
import { TASTI } from "./conteggi";

const COLORI: Record<Livello, { bg: string; testo: string }> = {
  normale: { bg: "green.100", testo: "Regolare" },
  attenzione: { bg: "orange.200", testo: "Attenzione" },
  massimo: { bg: "red.300", testo: "Capienza massima" },
};

export function SceltaVarco({
  varchi,
  onScegli,
}: {
  varchi: AppCmsLoginOut["evento"]["varchi"];
  onScegli: (id: number) => void;
}) {
  return (
    <Stack gap="3">
      <Text as="h1" fontSize="xl" fontWeight="bold">
        Scegli il varco
      </Text>
      {varchi.length === 0 && <Text>L'evento non ha varchi: chiedi alla control room.</Text>}
      {varchi.map((v) => (
        <Button key={v.id} size="xl" variant="outline" onClick={() => onScegli(v.id)}>
          {v.nome}
        </Button>
      ))}
    </Stack>
  );
}

export interface Occupazione {
  presenti: number | null;
  capienza: number;
}

function Riquadro({
  titolo,
  occ,
  soglie,
  grande,
}: {
  titolo: string;
  occ: Occupazione;
  soglie: { attenzione: number; massima: number };
  grande?: boolean;
}) {
  const liv = occ.presenti === null ? null : livello(occ.presenti, occ.capienza, soglie);
  const pct = occ.presenti === null || occ.capienza <= 0 ? null : Math.round((occ.presenti * 100) / occ.capienza);
  return (
    <Box
      role="status"
      aria-label={titolo}
      data-livello={liv ?? "sconosciuto"}
      bg={liv ? COLORI[liv].bg : "gray.100"}
      rounded="md"
      p="3"
    >
      <Text fontSize="sm" fontWeight="semibold">
        {titolo}
      </Text>
      <Text fontSize={grande ? "4xl" : "2xl"} fontWeight="bold" lineHeight="1.1">
        <span>{occ.presenti ?? "—"}</span>
        <Text as="span" fontSize="md" fontWeight="normal">
          {" "}
          / {occ.capienza}
          {pct !== null ? ` · ${pct}%` : ""}
        </Text>
      </Text>
      {liv && <Text fontSize="sm">{COLORI[liv].testo}</Text>}
    </Box>
  );
}

export function Contatore({
  varco,
  evento,
  soglie,
  attesa,
  online,
  errore,
  onTap,
  onCambiaVarco,
}: {
  varco: { nome: string } & Occupazione;
  evento: Occupazione;
  soglie: { attenzione: number; massima: number };
  attesa: number;
  online: boolean;
  errore: string | null;
  onTap: (delta: number) => void;
  onCambiaVarco: () => void;
}) {
  return (
    <Stack gap="3">
      <Flex align="center" gap="2">
        <Text as="h1" fontSize="xl" fontWeight="bold" flex="1" truncate>
          {varco.nome}
        </Text>
        <Button size="sm" variant="outline" onClick={onCambiaVarco}>
          Cambia varco
        </Button>
      </Flex>
      <Grid templateColumns="1fr 1fr" gap="2">
        <Riquadro titolo="Presenti al varco" occ={varco} soglie={soglie} grande />
        <Riquadro titolo="Presenti all'evento" occ={evento} soglie={soglie} grande />
      </Grid>
      <Button
        h="160px"
        fontSize="5xl"
        colorPalette="green"
        aria-label="Aggiungi 1"
        onClick={() => onTap(TASTI[0].delta)}
      >
        {TASTI[0].label}
      </Button>
      <Grid templateColumns="1fr 1fr" gap="3">
        {TASTI.slice(1).map((t) => (
          <Button
            key={t.delta}
            h="96px"
            fontSize="3xl"
            colorPalette={t.delta < 0 ? "red" : "blue"}
            aria-label={t.delta < 0 ? "Togli 1" : `Aggiungi ${t.delta}`}
            onClick={() => onTap(t.delta)}
          >
            {t.label}
          </Button>
        ))}
      </Grid>
      <Text role="status" aria-label="Invio dei conteggi">
        {attesa > 0
          ? `${attesa} ${attesa === 1 ? "conteggio" : "conteggi"} da inviare${online ? "" : " (offline)"}`
          : "Tutti i conteggi inviati"}
      </Text>
      {errore && (
        <Text role="alert" color="red.700">
          {errore}
        </Text>
      )}
    </Stack>
  );
}
