/**
 * The signed-in user comes from the session machine only: after a fresh login (no stored token,
 * so no `account` call is ever made) the operators' and candidates' lists offer the account's
 * qualifications and evaluations in their filters, and the column preferences are stored under
 * the user's username — not under 'anonimo'.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MOCK_PASSWORD, SETTINGS } from "../../../../mocks/fixtures/auth";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

setupMockServer();

async function login(path: string) {
  const view = renderApp(path);
  await screen.findByRole("heading", { name: "Accedi" });
  fireEvent.change(screen.getByLabelText(/Nome utente/), { target: { value: "admin" } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: MOCK_PASSWORD } });
  fireEvent.click(screen.getByRole("button", { name: "Accedi" }));
  await waitFor(() => expect(view.router.state.location.pathname).toBe(path));
  return view;
}

async function multiSelectOptions(label: string): Promise<string[]> {
  fireEvent.click(screen.getByRole("button", { name: new RegExp(`^${label}`) }));
  await screen.findByRole("textbox", { name: `Cerca in ${label}`, hidden: true });
  const group = screen.queryByRole("group", { name: `Opzioni di ${label}`, hidden: true });
  if (!group) return []; // 'Nessuna opzione'
  return within(group)
    .getAllByRole("checkbox", { hidden: true })
    .map((box) => box.closest("label")?.textContent ?? "");
}

describe("the current user after a fresh login", () => {
  it("operators: the Qualifica and Valutazione filters offer the account's lists", async () => {
    await login("/anagrafiche/operatori");
    await screen.findByRole("heading", { name: "Operatori" });
    const qualifica = (await screen.findByLabelText("Qualifica")) as HTMLSelectElement;
    expect([...qualifica.options].map((o) => o.textContent)).toEqual([
      "Seleziona",
      ...SETTINGS.posizioni.map((p) => p.descrizione),
    ]);
    expect(await multiSelectOptions("Valutazione")).toEqual(SETTINGS.valutazioni.map((v) => v.descrizione));
  });

  it("operators: column choices are stored under the user's username", async () => {
    await login("/anagrafiche/operatori");
    await screen.findByRole("heading", { name: "Operatori" });
    await screen.findByRole("columnheader", { name: /^Nome/ });
    fireEvent.click(screen.getByRole("button", { name: "Scegli le colonne" }));
    const chooser = await screen.findByRole("group", { name: "Colonne visibili", hidden: true });
    fireEvent.click(within(chooser).getByText("Nome"));
    await waitFor(() => expect(localStorage.getItem("vigilanza.tabella.admin.operatori")).not.toBeNull());
    expect(JSON.parse(localStorage.getItem("vigilanza.tabella.admin.operatori")!)).toEqual({
      order: [],
      hidden: ["nome"],
    });
    expect(Object.keys(localStorage).filter((k) => k.includes(".anonimo."))).toEqual([]);
  });

  it("candidates: 'Posizione desiderata' and 'Valutazione' offer the account's lists", async () => {
    await login("/anagrafiche/candidati");
    await screen.findByRole("heading", { name: "Candidati" });
    expect(await multiSelectOptions("Posizione desiderata")).toEqual(SETTINGS.posizioni.map((p) => p.descrizione));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("textbox", { name: "Cerca in Posizione desiderata" })).toBeNull());
    expect(await multiSelectOptions("Valutazione")).toEqual(SETTINGS.valutazioni.map((v) => v.descrizione));
  });
});
