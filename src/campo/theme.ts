/**
 * The field app's Chakra system: Chakra's tokens with only the recipes its screens use, touch
 * targets of at least 48 px (one-handed use, issue 33) and a base font large enough outdoors.
 */
import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";
import { badgeRecipe, buttonRecipe, inputRecipe, spinnerRecipe } from "@chakra-ui/react/theme";

export const TOUCH = "48px";

export const campoSystem = createSystem(
  { ...defaultConfig, theme: { ...defaultConfig.theme, recipes: {}, slotRecipes: {} } },
  defineConfig({
    globalCss: { body: { fontSize: "md" } },
    theme: {
      recipes: {
        badge: badgeRecipe,
        input: inputRecipe,
        spinner: spinnerRecipe,
        button: { ...buttonRecipe, base: { ...buttonRecipe.base, minH: TOUCH, minW: TOUCH } },
      },
    },
  }),
);
