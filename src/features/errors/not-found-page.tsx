/** 'Not found' for unknown paths; the root route shows 'Not Found' (SPEC §2). */
import { Box, Heading, Link, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";

export function NotFoundPage({ title = "Not found" }: { title?: string }) {
  return (
    <Box role="alert" py="16" textAlign="center">
      <Heading as="h1" size="2xl" mb="2">
        {title}
      </Heading>
      <Text color="fg.muted" mb="4">
        La pagina richiesta non esiste o non è disponibile per il tuo profilo.
      </Text>
      <Link asChild color="blue.600">
        <RouterLink to="/">Torna alla pagina iniziale</RouterLink>
      </Link>
    </Box>
  );
}
