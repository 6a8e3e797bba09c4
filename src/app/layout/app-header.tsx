/**
 * The header: the open alarms in red on top (users who may handle them, ./allarmi-area.tsx), then
 * the menu button on small screens, quick icons, notification alert, profile menu.
 */
import { Box, Flex, IconButton, Spacer } from "@chakra-ui/react";
import { AllarmiArea } from "./allarmi-area";
import { MenuIcon } from "./icons";
import { NotificationArea } from "./notification-area";
import { ProfileMenu } from "./profile-menu";
import { QuickActions } from "./quick-actions";

export function AppHeader({ onOpenMenu }: { onOpenMenu: () => void }) {
  return (
    <Box as="header" position="sticky" top="0" zIndex="docked" bg="white" borderBottomWidth="1px">
      <AllarmiArea />
      <Flex align="center" gap="2" px="4" h="14">
        <IconButton aria-label="Apri il menu" variant="ghost" size="sm" hideFrom="md" onClick={onOpenMenu}>
          <MenuIcon />
        </IconButton>
        <QuickActions />
        <Spacer />
        <NotificationArea />
        <ProfileMenu />
      </Flex>
    </Box>
  );
}
