/** The frame of the public pages (login, register, password reset): a centred card. */
import { Box, Card, Center, Heading, Text } from "@chakra-ui/react";
import { Outlet } from "react-router-dom";
import { BRAND } from "../../lib/brand";

export function PublicLayout() {
  return (
    <Center minH="100vh" bg="gray.50" px="4" py="10">
      <Box w="full" maxW="420px">
        <Heading as="p" size="2xl" textAlign="center" mb="1" color="blue.700">
          {BRAND.product}
        </Heading>
        <Text textAlign="center" color="fg.muted" mb="6">
          {BRAND.tagline}
        </Text>
        <Card.Root>
          <Card.Body>
            <Outlet />
          </Card.Body>
        </Card.Root>
      </Box>
    </Center>
  );
}
