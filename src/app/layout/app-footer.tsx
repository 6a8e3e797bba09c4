import { Box, Text } from "@chakra-ui/react";
import { copyright } from "../../lib/brand";

export function AppFooter() {
  return (
    <Box as="footer" px="6" py="3" borderTopWidth="1px" bg="white">
      <Text fontSize="sm" color="fg.muted">
        {copyright()}
      </Text>
    </Box>
  );
}
