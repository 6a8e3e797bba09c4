/** Chakra system: the breakpoints and defaults of SPEC §9 (light mode, Italian). */
import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";

export const LAYOUT = {
  sidebarWidth: 260,
  quickViewWidth: 360,
  drawerWidth: 350,
  notificationListMaxHeight: 400,
} as const;

export const UI_DEFAULTS = {
  language: "it",
  mode: "light",
  container: true,
  miniDrawer: false,
} as const;

const config = defineConfig({
  theme: {
    recipes: {
      // One colour for the primary action: a solid button is blue unless the screen says otherwise
      // (red for destroying); Chakra's default palette would make it black beside the blue ones.
      button: { variants: { variant: { solid: { colorPalette: "blue" } } } },
    },
    breakpoints: { sm: "768px", md: "1024px", lg: "1266px", xl: "1536px" },
    // The header's problem alert (src/app/layout/notification-alert.tsx), run back and forth.
    keyframes: { "alert-blink": { from: { opacity: 1 }, to: { opacity: 0.15 } } },
    tokens: {
      fonts: {
        heading: { value: "'Inter', 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" },
        body: { value: "'Inter', 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
