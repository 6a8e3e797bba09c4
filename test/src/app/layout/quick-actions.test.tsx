/**
 * The header's quick icons (SPEC §2, §6): their tooltips' code arrives on the first intent over
 * them (src/components/on-intent.ts), and a keyboard user's focus stays on the icon it was on.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

setupMockServer();

describe("quick actions (SPEC §2 Header)", () => {
  it("the focus on an icon brings the tooltips' code, and stays on that icon", async () => {
    renderApp("/", { as: "admin" });
    const nav = await screen.findByRole("navigation", { name: "Azioni rapide" });
    expect(
      within(nav)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Operatori", "Nuovo operatore", "Contratti", "Nuovo contratto"]);
    within(nav).getByRole("button", { name: "Contratti" }).focus();
    // The tooltips' code arrives: the icons become tooltip triggers, the focus has not moved.
    await waitFor(() =>
      expect(within(nav).getByRole("button", { name: "Contratti" }).getAttribute("data-scope")).toBe("tooltip"),
    );
    expect(document.activeElement).toBe(within(nav).getByRole("button", { name: "Contratti" }));
  });

  it("an icon opens its page", async () => {
    const { router } = renderApp("/", { as: "admin" });
    const nav = await screen.findByRole("navigation", { name: "Azioni rapide" });
    fireEvent.click(within(nav).getByRole("button", { name: "Nuovo contratto" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/pianificazione/contratti/aggiungi-nuovo"));
  });
});
