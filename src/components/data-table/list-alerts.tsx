/** The info box before autoload and the server error alert (SPEC §8). */
import { Alert } from "@chakra-ui/react";

export const NOT_LOADED_TEXT = "Attenzione — Inizia impostando alcuni filtri per poter visualizzare risultati";
export const EMPTY_TEXT = "Nessun risultato trovato";

export function listErrorText(detail: string): string {
  return `Errore server: Si è verificato un problema durante il recupero dei dati (Error: ${detail})`;
}

export function NotLoadedAlert({ text = NOT_LOADED_TEXT }: { text?: string }) {
  return (
    <Alert.Root status="info" my="2">
      <Alert.Indicator />
      <Alert.Description>{text}</Alert.Description>
    </Alert.Root>
  );
}

export function ListErrorAlert({ detail }: { detail: string }) {
  return (
    <Alert.Root status="error" my="2">
      <Alert.Indicator />
      <Alert.Title>{listErrorText(detail)}</Alert.Title>
    </Alert.Root>
  );
}
