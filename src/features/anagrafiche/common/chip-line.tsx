/** Chips on one line, for a grid row of fixed height: those that fit, the full list in the tooltip. */
import { Badge, HStack } from "@chakra-ui/react";

export function ChipLine({ items }: { items: readonly string[] }) {
  return (
    <HStack gap="1" overflow="hidden" title={items.join(", ")}>
      {items.map((p) => (
        <Badge key={p} variant="outline" size="sm" flexShrink={0}>
          {p}
        </Badge>
      ))}
    </HStack>
  );
}
