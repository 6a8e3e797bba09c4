/**
 * Chips on one line, for a grid row of fixed height: when they do not fit, each gives up width in
 * proportion and ends in an ellipsis (never a chip cut at the edge); the full list in the tooltip.
 */
import { Badge, Box, HStack } from "@chakra-ui/react";

export function ChipLine({ items }: { items: readonly string[] }) {
  return (
    <HStack gap="1" overflow="hidden" title={items.join(", ")}>
      {items.map((p) => (
        <Badge key={p} variant="outline" size="sm" flexShrink={1} minW="3em" maxW="max-content">
          <Box as="span" overflow="hidden" textOverflow="ellipsis" whiteSpace="nowrap">
            {p}
          </Box>
        </Badge>
      ))}
    </HStack>
  );
}
