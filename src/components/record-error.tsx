/**
 * A record that could not be read, in place of its page (SPEC §8: the response's message or the
 * error's): 'Ticket non trovato', 'Impossibile contattare il server'; `fallback` when there is no
 * error to tell (an id that is not one).
 */
import { Alert } from "@chakra-ui/react";
import { errorMessage } from "../api/base";

export function RecordError({ error, fallback = "" }: { error: unknown; fallback?: string }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{error ? errorMessage(error) : fallback}</Alert.Title>
    </Alert.Root>
  );
}
