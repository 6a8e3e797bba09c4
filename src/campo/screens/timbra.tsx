/**
 * The check-in/out buttons of a shift: the indicator while the position is read, its accuracy,
 * the flags (outside the site's radius, no position), what the server recorded and what waits.
 */
import { Badge, Box, Button, Flex, Spinner, Text } from "@chakra-ui/react";
import type { AppTurno } from "../../domain/contracts/console/app-guardie/schemas";
import type { EsitoTimbratura, TipoTimbratura } from "../machines/timbra.machine";
import type { Azione } from "../outbox/azioni";

const hhmm = (ms: number) => new Date(ms).toLocaleTimeString("it-IT", { hour: "2-digit", minute: "2-digit" });

export function descriviEsito(e: EsitoTimbratura): string {
  const cosa = e.tipo === "ingresso" ? "Ingresso registrato" : "Uscita registrata";
  if (!e.posizione) return `${cosa} alle ${hhmm(e.at)}: ${e.motivo} (segnalato all'ufficio)`;
  const pos = `posizione ±${e.posizione.accuratezza} m`;
  if (e.fuoriRaggio)
    return `${cosa} alle ${hhmm(e.at)}, ${pos}: fuori dal raggio del sito (${e.distanzaM} m, massimo ${e.turno.distanza_max_m} m), segnalato all'ufficio`;
  return `${cosa} alle ${hhmm(e.at)}, ${pos}`;
}

export function TimbraTurno({
  turno,
  leggendo,
  ultimo,
  inCoda,
  onTimbra,
}: {
  turno: AppTurno;
  /** The kind being read now for this shift, if any. */
  leggendo: TipoTimbratura | null;
  ultimo: EsitoTimbratura | null;
  inCoda: Azione[];
  onTimbra: (tipo: TipoTimbratura) => void;
}) {
  const entrato =
    turno.timbrature.some((t) => t.tipo === "ingresso") ||
    inCoda.some((a) => a.tipo === "timbratura" && a.dati.tipo === "ingresso");
  return (
    <Box mt="2">
      {turno.timbrature.map((t) => (
        <Text key={t.id} fontSize="sm">
          {t.tipo === "ingresso" ? "Ingresso" : "Uscita"} {t.data_ora.slice(11, 16)}
          {t.lat === null ? " · posizione non disponibile" : ""}
        </Text>
      ))}
      {inCoda.map((a) => (
        <Text key={a.id} fontSize="sm" color="orange.700">
          {a.etichetta.split(" · ")[0]} {hhmm(a.creata_il)} · in coda, non ancora inviato
        </Text>
      ))}
      {leggendo ? (
        <Flex role="status" align="center" gap="2" minH="48px">
          <Spinner size="sm" />
          <Text>Rilevo la posizione…</Text>
        </Flex>
      ) : (
        <Flex gap="2" mt="1">
          <Button flex="1" colorPalette="green" size="lg" onClick={() => onTimbra("ingresso")}>
            Timbra ingresso
          </Button>
          <Button
            flex="1"
            colorPalette="blue"
            variant={entrato ? "solid" : "outline"}
            size="lg"
            onClick={() => onTimbra("uscita")}
          >
            Timbra uscita
          </Button>
        </Flex>
      )}
      {ultimo && ultimo.turno.id === turno.id && (
        <Box
          role="status"
          mt="2"
          p="2"
          rounded="md"
          bg={ultimo.fuoriRaggio || !ultimo.posizione ? "orange.50" : "green.50"}
        >
          <Text fontSize="sm">{descriviEsito(ultimo)}</Text>
          {(ultimo.fuoriRaggio || !ultimo.posizione) && <Badge colorPalette="orange">Segnalata</Badge>}
        </Box>
      )}
    </Box>
  );
}
