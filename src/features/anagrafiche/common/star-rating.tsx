/** A read-only star rating (valutazione 1..5). */
import { HStack, Text } from "@chakra-ui/react";

export function StarRating({ value, max = 5 }: { value: number | null | undefined; max?: number }) {
  const n = Math.max(0, Math.min(max, Number(value ?? 0)));
  return (
    <HStack gap="0" aria-label={value ? `Valutazione ${n} su ${max}` : "Nessuna valutazione"} role="img">
      {Array.from({ length: max }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions
        <Text key={i} as="span" color={i < n ? "orange.400" : "gray.300"} aria-hidden="true">
          ★
        </Text>
      ))}
    </HStack>
  );
}
