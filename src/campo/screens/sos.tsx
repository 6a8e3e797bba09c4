/**
 * The SOS on the phone: the red button in the header, held 2 s to send (a bar fills while it is
 * held; let go before and nothing is sent), and what happened to it — queued, sent, "ricevuto da …".
 * The silent variant is held on the guard's name: it shows nothing at any step.
 */
import { Box, Button, chakra, Flex, Text } from "@chakra-ui/react";
import { type KeyboardEvent, type ReactNode, useEffect, useState } from "react";
import { TENUTA_MS } from "../machines/sos.machine";
import { TOUCH } from "../theme";

export interface Tenuta {
  onPointerDown: () => void;
  onPointerUp: () => void;
  onPointerLeave: () => void;
  onPointerCancel: () => void;
  onKeyDown: (e: KeyboardEvent) => void;
  onKeyUp: (e: KeyboardEvent) => void;
  onContextMenu: (e: { preventDefault: () => void }) => void;
}

/** Press and hold with a finger, the mouse, or Enter/Space held on the keyboard. */
export function tenuta(premi: () => void, rilascia: () => void): Tenuta {
  const tasto = (e: KeyboardEvent) => e.key === "Enter" || e.key === " ";
  return {
    onPointerDown: premi,
    onPointerUp: rilascia,
    onPointerLeave: rilascia,
    onPointerCancel: rilascia,
    onKeyDown: (e) => {
      if (tasto(e) && !e.repeat) {
        e.preventDefault();
        premi();
      }
    },
    onKeyUp: (e) => {
      if (tasto(e)) rilascia();
    },
    // A long press must not open the phone's menu.
    onContextMenu: (e) => e.preventDefault(),
  };
}

export function SosButton({ tenuta: t }: { tenuta: Tenuta }) {
  return (
    <Button
      {...t}
      aria-label="SOS: tieni premuto 2 secondi per inviare l'allarme"
      bg="red.600"
      color="white"
      fontWeight="bold"
      minW="72px"
      h={TOUCH}
      style={{ touchAction: "none", userSelect: "none", WebkitUserSelect: "none" }}
    >
      SOS
    </Button>
  );
}

/** The name in the header: held 2 s it sends the silent SOS (nothing changes on screen). */
export function NomeSilenzioso({ nome, tenuta: t }: { nome: string; tenuta: Tenuta }) {
  return (
    <chakra.span
      {...t}
      data-testid="sos-silenzioso"
      flex="1"
      fontWeight="semibold"
      truncate
      minH={TOUCH}
      display="flex"
      alignItems="center"
      style={{ touchAction: "none", userSelect: "none", WebkitUserSelect: "none" }}
    >
      {nome}
    </chakra.span>
  );
}

/** The bar that fills in TENUTA_MS while the SOS is held. */
export function TenutaInCorso() {
  const [pieno, setPieno] = useState(false);
  useEffect(() => {
    const f = requestAnimationFrame(() => setPieno(true));
    return () => cancelAnimationFrame(f);
  }, []);
  return (
    <Box role="status" px="3" py="2" bg="red.50" borderBottomWidth="1px" borderColor="red.200">
      <Text fontWeight="semibold" color="red.800">
        Tieni premuto per inviare l'SOS…
      </Text>
      <Box h="3" bg="red.100" rounded="full" overflow="hidden" mt="1">
        <Box
          data-testid="sos-progresso"
          h="100%"
          bg="red.600"
          style={{ width: pieno ? "100%" : "0%", transition: `width ${TENUTA_MS}ms linear` }}
        />
      </Box>
    </Box>
  );
}

const hhmm = (ms: number) => new Date(ms).toLocaleTimeString("it-IT", { hour: "2-digit", minute: "2-digit" });

export function SosStato({
  at,
  inCoda,
  posizione,
  presoDa,
  onChiudi,
}: {
  at: number;
  inCoda: boolean;
  posizione: boolean;
  presoDa: string | null;
  onChiudi: () => void;
}) {
  let testo: ReactNode;
  if (presoDa) testo = <>SOS ricevuto da {presoDa}</>;
  else if (inCoda) testo = <>SOS delle {hhmm(at)} in coda: partirà appena torna la rete</>;
  else testo = <>SOS inviato alle {hhmm(at)}: in attesa che la centrale lo prenda in carico</>;
  return (
    <Flex role="alert" align="center" gap="2" px="3" py="2" bg={presoDa ? "green.700" : "red.700"} color="white">
      <Box flex="1">
        <Text fontWeight="bold">{testo}</Text>
        {!posizione && <Text fontSize="sm">Posizione non disponibile</Text>}
      </Box>
      {presoDa && (
        <Button size="sm" bg="white" color="green.800" onClick={onChiudi}>
          Chiudi
        </Button>
      )}
    </Flex>
  );
}
