import { Alert, Link, Stack } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";

export function InvalidLink() {
  return (
    <Stack gap="4">
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>Link non valido o scaduto: richiedi un nuovo link.</Alert.Title>
      </Alert.Root>
      <Link asChild color="blue.600" fontSize="sm">
        <RouterLink to="/forgot-password">Richiedi un nuovo link</RouterLink>
      </Link>
    </Stack>
  );
}
