/** Shown when a page fails to render or its code cannot be loaded. */
import { Alert, Box, Button } from "@chakra-ui/react";
import { useRouteError } from "react-router-dom";

export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : "Errore imprevisto";
  return (
    <Box p="8">
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Si è verificato un errore ({message})</Alert.Title>
          <Alert.Description>Ricarica la pagina; se il problema persiste contatta l'assistenza.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button mt="4" onClick={() => window.location.reload()}>
        Ricarica
      </Button>
    </Box>
  );
}
