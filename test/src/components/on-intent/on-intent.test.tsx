/**
 * src/components/on-intent.ts: a popup's plain trigger before its code has arrived. A press that
 * the arrival interrupts (the button is swapped for the loaded one between the pointer going down
 * and up, so the browser sends no click to either) still opens the popup — the CI run of
 * 2026-11-24 lost 'Logout' this way: the menu never opened.
 */
import { fireEvent, render, screen } from "@testing-library/react";
import { act, useState } from "react";
import { useOnIntent } from "../../../../src/components/on-intent";

interface Loaded {
  Popup: (p: { open: boolean }) => React.ReactElement;
}

let resolve: (m: Loaded) => void = () => {};
const load = () =>
  new Promise<Loaded>((r) => {
    resolve = r;
  });

function Host() {
  const [open, setOpen] = useState(false);
  const popup = useOnIntent(load);
  const button = <button type="button">Profilo</button>;
  const Popup = popup.loaded?.Popup;
  return (
    <div {...popup.intentProps}>
      {Popup ? <Popup open={open} /> : popup.plainTrigger(button, "menu", open, () => setOpen(true))}
    </div>
  );
}

const LoadedPopup = ({ open }: { open: boolean }) => (
  <>
    <button type="button">Profilo (caricato)</button>
    {open && <div role="menu">menu aperto</div>}
  </>
);

describe("useOnIntent's plain trigger", () => {
  it("a press interrupted by the code's arrival opens the popup", async () => {
    render(<Host />);
    const plain = screen.getByRole("button", { name: "Profilo" });
    fireEvent.pointerOver(plain);
    fireEvent.pointerDown(plain, { button: 0, pointerType: "mouse" });
    // The code arrives while the button is held: the plain button is replaced, no click follows.
    await act(async () => resolve({ Popup: LoadedPopup }));
    expect(screen.getByRole("button", { name: "Profilo (caricato)" })).toBeTruthy();
    expect(screen.getByRole("menu").textContent).toBe("menu aperto");
  });
});
