/**
 * The quick icons with their tooltips (SPEC §2, §6), loaded on the first intent over the icons
 * (src/components/on-intent.ts); QuickActions shows the same buttons without tooltips until then.
 */
import { Portal, Tooltip } from "@chakra-ui/react";
import type { ReactElement } from "react";

export function QuickActionTooltips({ buttons }: { buttons: { label: string; button: ReactElement }[] }) {
  return buttons.map(({ label, button }) => (
    <Tooltip.Root key={label} openDelay={300}>
      <Tooltip.Trigger asChild>{button}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  ));
}
