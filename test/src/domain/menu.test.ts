/**
 * SPEC §6: any one permission of a report is enough to open it — and to find it in the menu
 * (issue 32 item 16: a user with only erp_compensi_compensi or erp_ricavi-attivita_ricavi could
 * open the report by URL while the Report group stayed hidden). A group shows when one of its
 * items does; nothing else decides it.
 */
import { MENU, menuFor } from "../../../src/domain/permissions";

const entries = (permissions: string[]) => menuFor(permissions).flatMap((g) => g.items.map((i) => i.title));

describe("menu by permission", () => {
  // The pay permissions also open the payroll office's presence file (issue 35: Fatturazione →
  // Presenze per le paghe reads the same hours as the monthly pay file).
  it.each([
    ["erp_compensi_compensi", ["Report", "Fatturazione"], ["Compensi", "Presenze per le paghe"]],
    ["erp_ricavi-attivita_ricavi", ["Report"], ["Ricavi attività"]],
    ["erp_compensi", ["Report", "Fatturazione"], ["Compensi", "Presenze per le paghe"]],
    ["erp_scadenze-documenti", ["Report"], ["Scadenze documenti"]],
  ])("a user with only %s finds the groups %j with %j", (permission, groups, expected) => {
    const menu = menuFor([permission]);
    expect(menu.map((g) => g.title)).toEqual(groups);
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
