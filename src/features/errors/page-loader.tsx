/** The spinner shown while a page's code or the session is loading. */
import { Center, Spinner, Text, VStack } from "@chakra-ui/react";

export function PageLoader({ label = "Caricamento…" }: { label?: string }) {
  return (
    <Center py="16" role="status" aria-live="polite">
      <VStack gap="3">
        <Spinner size="lg" color="blue.600" />
        <Text color="fg.muted">{label}</Text>
      </VStack>
    </Center>
  );
}
