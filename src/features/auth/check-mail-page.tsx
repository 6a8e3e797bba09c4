/** After a reset request: tells the user to look at their mailbox. */
import { Heading, Link, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";

export function CheckMailPage() {
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        Controlla la tua email
      </Heading>
      <Text>
        Se l'utente esiste, riceverà un'email con un link e un codice di verifica a 6 cifre. Apri il link dell'email: la
        pagina che si apre ti chiederà il codice, poi potrai scegliere la nuova password. Il link è valido per un'ora e
        può essere usato una sola volta.
      </Text>
      <Link asChild color="blue.600" fontSize="sm">
        <RouterLink to="/login">Torna al login</RouterLink>
      </Link>
    </Stack>
  );
}
