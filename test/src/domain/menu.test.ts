/**
 * SPEC §6: any one permission of a report is enough to open it — and to find it in the menu
 * (issue 32 item 16: a user with only erp_compensi_compensi or erp_ricavi-attivita_ricavi could
 * open the report by URL while the Report group stayed hidden). A group shows when one of its
 * items does; nothing else decides it.
 */
import { MENU, menuFor } from "../../../src/domain/permissions";

const entries = (permissions: string[]) => menuFor(permissions).flatMap((g) => g.items.map((i) => i.title));

describe("menu by permission", () => {
  it.each([
    ["erp_compensi_compensi", ["Compensi"]],
    ["erp_ricavi-attivita_ricavi", ["Ricavi attività"]],
    ["erp_compensi", ["Compensi"]],
    ["erp_scadenze-documenti", ["Scadenze documenti"]],
  ])("a user with only %s finds %j under Report", (permission, expected) => {
    const menu = menuFor([permission]);
    expect(menu.map((g) => g.title)).toEqual(["Report"]);
    expect(entries([permission])).toEqual(expected);
  });

  it("every permission that opens an item also shows its group", () => {
    for (const group of MENU)
      for (const item of group.items)
        for (const permission of item.requires) {
          if (permission === "*") continue;
          expect([permission, entries([permission])]).toEqual([permission, expect.arrayContaining([item.title])]);
        }
  });

  it("shows nothing to a user without permissions", () => {
    expect(menuFor([])).toEqual([]);
  });
});
