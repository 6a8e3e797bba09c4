/**
 * The protected shell: the side menu (width 260, a drawer below the md breakpoint), the header,
 * the page and the footer.
 */
import { Box, CloseButton, Drawer, Flex, Portal } from "@chakra-ui/react";
import { useState } from "react";
import { Outlet } from "react-router-dom";
import { useProvinceQuery } from "../../api/anagrafiche/province.endpoints";
import { ReauthHost } from "../../features/auth/reauth-host";
import { LAYOUT } from "../../lib/theme";
import { AppFooter } from "./app-footer";
import { AppHeader } from "./app-header";
import { SidebarMenu } from "./sidebar-menu";

export function ShellLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  useProvinceQuery(); // SPEC §7: the provinces are loaded once after login, then cached.
  return (
    <Flex minH="100vh" bg="gray.50">
      <Box
        as="aside"
        w={`${LAYOUT.sidebarWidth}px`}
        flexShrink={0}
        hideBelow="md"
        bg="white"
        borderRightWidth="1px"
        position="sticky"
        top="0"
        h="100vh"
        overflowY="auto"
      >
        <SidebarMenu />
      </Box>
      <Drawer.Root open={menuOpen} onOpenChange={(d) => setMenuOpen(d.open)} placement="start">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxW={`${LAYOUT.sidebarWidth}px`}>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Chiudi il menu" />
              </Drawer.CloseTrigger>
              <Drawer.Body p="0">
                <SidebarMenu onNavigate={() => setMenuOpen(false)} />
              </Drawer.Body>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
      <Flex direction="column" flex="1" minW="0">
        <AppHeader onOpenMenu={() => setMenuOpen(true)} />
        <Box as="main" flex="1" px={{ base: "4", md: "6" }} py="4">
          <Outlet />
        </Box>
        <AppFooter />
      </Flex>
      <ReauthHost />
    </Flex>
  );
}
