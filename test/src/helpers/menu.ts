/**
 * Chooses an item of a Chakra (zag-js) menu with the keyboard, as a keyboard user does: zag
 * selects only the highlighted item, and jsdom has no PointerEvent to highlight it by hovering.
 */
import { fireEvent, screen, waitFor } from "@testing-library/react";

export async function chooseMenuItem(trigger: HTMLElement, itemName: string): Promise<void> {
  trigger.focus();
  fireEvent.keyDown(trigger, { key: "ArrowDown" });
  await waitFor(() => expect(trigger.getAttribute("aria-expanded")).toBe("true"));
  const item = await screen.findByRole("menuitem", { name: itemName });
  const menu = item.closest('[role="menu"]') as HTMLElement;
  for (let i = 0; i < 20 && !item.hasAttribute("data-highlighted"); i++) {
    fireEvent.keyDown(menu, { key: "ArrowDown" });
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(item.hasAttribute("data-highlighted")).toBe(true);
  fireEvent.keyDown(menu, { key: "Enter" });
}
