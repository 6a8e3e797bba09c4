/** An honest placeholder for sections whose module is not built yet. */
import { Box, Card, Heading, Text } from "@chakra-ui/react";

export function ComingSoonPage({ title }: { title: string }) {
  return (
    <Box py="6">
      <Heading as="h1" size="xl" mb="4">
        {title}
      </Heading>
      <Card.Root variant="outline">
        <Card.Body>
          <Text fontWeight="semibold">In arrivo</Text>
          <Text color="fg.muted">Questa sezione sarà disponibile in una prossima versione.</Text>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
