/**
 * The one date / time / date-time field: DD/MM/YYYY and 24-hour HH:mm on screen whatever the
 * browser's language, the API's ISO form in the form's values; separators added while typing,
 * ISO or Italian text pasted, an invalid text kept and named under the field, nothing submitted.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { Form } from "react-final-form";
import { DateField, DateInput, DateTimeField, TimeField } from "../../../../src/components/form";
import { system } from "../../../../src/lib/theme";
import { backspace, pasteText, typeText } from "../../helpers/type-text";

type Values = Record<string, string | undefined>;

function Harness({ initial = {}, onSubmit }: { initial?: Values; onSubmit: (v: Values) => void }) {
  return (
    <ChakraProvider value={system}>
      <Form<Values> initialValues={initial} onSubmit={onSubmit}>
        {({ handleSubmit }) => (
          <form onSubmit={handleSubmit} aria-label="Prova" noValidate>
            <DateField name="nascita" label="Data di nascita" required />
            <TimeField name="inizio" label="Inizio" />
            <DateTimeField name="dal" label="Dal" />
            <button type="submit">Salva</button>
          </form>
        )}
      </Form>
    </ChakraProvider>
  );
}

const input = (name: RegExp) => screen.getByRole("textbox", { name }) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Salva" }));

function setup(initial?: Values) {
  const onSubmit = jest.fn();
  render(<Harness initial={initial} onSubmit={onSubmit} />);
  return onSubmit;
}

describe("DateField", () => {
  it("typing digits adds the slashes; the form holds YYYY-MM-DD", async () => {
    const onSubmit = setup();
    const field = input(/Data di nascita/);
    expect(field.placeholder).toBe("GG/MM/AAAA");
    expect(field.type).toBe("text");
    typeText(field, "23");
    expect(field.value).toBe("23/");
    typeText(field, "061990");
    expect(field.value).toBe("23/06/1990");
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ nascita: "1990-06-23" });
  });

  it("a single-digit day or month typed with its slash gets its zero", () => {
    setup();
    const field = input(/Data di nascita/);
    typeText(field, "2/6/1990");
    expect(field.value).toBe("02/06/1990");
    typeText(field, "4", { clear: true }); // no day starts with 4: it is 04
    expect(field.value).toBe("04/");
    typeText(field, "2", { clear: true });
    typeText(field, "/"); // a slash typed after an automatic one is not doubled
    typeText(field, "/");
    expect(field.value).toBe("02/");
  });

  it("backspace removes the automatic slash and does not put it back", () => {
    setup();
    const field = input(/Data di nascita/);
    typeText(field, "2306");
    expect(field.value).toBe("23/06/");
    backspace(field);
    expect(field.value).toBe("23/06");
    backspace(field);
    expect(field.value).toBe("23/0");
  });

  it("a pasted YYYY-MM-DD or DD/MM/YYYY is read and shown in Italian", async () => {
    const onSubmit = setup();
    const field = input(/Data di nascita/);
    pasteText(field, "1990-06-23");
    expect(field.value).toBe("23/06/1990");
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({ nascita: "1990-06-23" });
    pasteText(field, "01122026");
    expect(field.value).toBe("01/12/2026");
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1][0]).toEqual({ nascita: "2026-12-01" });
  });

  it("an impossible or half-typed date is the field's error, kept as typed, and nothing is sent", async () => {
    const onSubmit = setup();
    const field = input(/Data di nascita/);
    typeText(field, "31022026");
    fireEvent.blur(field);
    expect(await screen.findByText("Data non valida (GG/MM/AAAA)")).toBeTruthy();
    expect(field.value).toBe("31/02/2026");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    submit();
    pasteText(field, "06/23/1990"); // the American order: month 23 does not exist
    submit();
    expect(await screen.findByText("Data non valida (GG/MM/AAAA)")).toBeTruthy();
    expect(field.value).toBe("06/23/1990");
    expect(onSubmit).not.toHaveBeenCalled();
    typeText(field, "23/06/1990", { clear: true });
    await waitFor(() => expect(screen.queryByText("Data non valida (GG/MM/AAAA)")).toBeNull());
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  });

  it("shows the form's value in Italian, tidies what was typed on leaving, ↑/↓ move a day", () => {
    setup({ nascita: "1990-06-23" });
    const field = input(/Data di nascita/);
    expect(field.value).toBe("23/06/1990");
    fireEvent.keyDown(field, { key: "ArrowUp" });
    expect(field.value).toBe("24/06/1990");
    fireEvent.keyDown(field, { key: "ArrowDown" });
    fireEvent.keyDown(field, { key: "ArrowDown" });
    expect(field.value).toBe("22/06/1990");
    fireEvent.change(field, { target: { value: "3.6.1990" } });
    fireEvent.blur(field);
    expect(field.value).toBe("03/06/1990");
  });

  it("required and empty: 'Questo campo è obbligatorio'", async () => {
    const onSubmit = setup();
    submit();
    expect(await screen.findByText("Questo campo è obbligatorio")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe("DateField — the calendar", () => {
  it("opens on the field's month, picks a day with a click, moves with the keyboard", async () => {
    const onSubmit = setup({ nascita: "1990-06-23" });
    const field = input(/Data di nascita/);
    fireEvent.click(screen.getByRole("button", { name: "Scegli dal calendario" }));
    const month = await screen.findByRole("group", { name: "giugno 1990" });
    const selected = within(month).getByRole("button", { name: "23 giugno 1990" });
    expect(selected.getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(selected));

    fireEvent.keyDown(selected, { key: "ArrowRight" });
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("24 giugno 1990"));
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("1 luglio 1990"));
    expect(screen.getByRole("group", { name: "luglio 1990" })).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: "PageUp", shiftKey: true });
    await waitFor(() => expect(document.activeElement?.getAttribute("aria-label")).toBe("1 luglio 1989"));
    fireEvent.click(screen.getByRole("button", { name: "Anno successivo" }));
    fireEvent.click(screen.getByRole("button", { name: "Mese precedente" }));
    fireEvent.click(
      within(screen.getByRole("group", { name: "giugno 1990" })).getByRole("button", { name: "2 giugno 1990" }),
    );

    expect(field.value).toBe("02/06/1990");
    await waitFor(() => expect(screen.queryByRole("group", { name: "giugno 1990" })).toBeNull());
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ nascita: "1990-06-02" });
  });

  it("an empty field's calendar opens on today; weeks start on Monday", async () => {
    setup();
    fireEvent.click(screen.getByRole("button", { name: "Scegli dal calendario" }));
    const now = new Date();
    const mesi = [
      "gennaio",
      "febbraio",
      "marzo",
      "aprile",
      "maggio",
      "giugno",
      "luglio",
      "agosto",
      "settembre",
      "ottobre",
      "novembre",
      "dicembre",
    ];
    const month = await screen.findByRole("group", { name: `${mesi[now.getMonth()]} ${now.getFullYear()}` });
    const today = within(month).getByRole("button", {
      name: `${now.getDate()} ${mesi[now.getMonth()]} ${now.getFullYear()}`,
    });
    expect(today.getAttribute("aria-current")).toBe("date");
    // the first cell is a Monday
    const first = within(month).getAllByRole("button")[0].getAttribute("data-day")!;
    expect(new Date(`${first}T12:00:00`).getDay()).toBe(1);
  });
});

describe("TimeField", () => {
  it("24-hour HH:mm: digits get their colon, the form holds HH:mm", async () => {
    const onSubmit = setup({ nascita: "1990-06-23" });
    const field = input(/Inizio/);
    expect(field.placeholder).toBe("HH:MM");
    typeText(field, "2000");
    expect(field.value).toBe("20:00");
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ nascita: "1990-06-23", inizio: "20:00" });
    typeText(field, "8", { clear: true });
    expect(field.value).toBe("08:");
    typeText(field, "30");
    expect(field.value).toBe("08:30");
  });

  it("shows the API's HH:mm:ss as HH:mm; 25:00 and '8 PM' are the field's error", async () => {
    const onSubmit = setup({ nascita: "1990-06-23", inizio: "20:00:00" });
    const field = input(/Inizio/);
    expect(field.value).toBe("20:00");
    typeText(field, "2500", { clear: true });
    fireEvent.blur(field);
    expect(await screen.findByText("Ora non valida (HH:MM, 24 ore)")).toBeTruthy();
    expect(field.value).toBe("25:00");
    pasteText(field, "8 PM");
    expect(field.value).toBe("8 PM");
    submit();
    expect(await screen.findByText("Ora non valida (HH:MM, 24 ore)")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe("DateTimeField", () => {
  it("DD/MM/YYYY HH:mm on screen, the Rome wall clock 'YYYY-MM-DDTHH:mm' in the form", async () => {
    const onSubmit = setup({ nascita: "1990-06-23", dal: "2026-03-29T10:00" });
    const field = input(/Dal/);
    expect(field.value).toBe("29/03/2026 10:00");
    typeText(field, "011220260830", { clear: true });
    expect(field.value).toBe("01/12/2026 08:30");
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ nascita: "1990-06-23", dal: "2026-12-01T08:30" });
    pasteText(field, "2026-03-29T22:15");
    expect(field.value).toBe("29/03/2026 22:15");
    typeText(field, "29/03/2026", { clear: true });
    fireEvent.blur(field);
    expect(await screen.findByText("Data e ora non valide (GG/MM/AAAA HH:MM)")).toBeTruthy();
  });
});

describe("DateInput outside a form", () => {
  it("a value changed from outside is shown; what is being typed is kept", () => {
    const seen: string[] = [];
    function Outside() {
      const [value, setValue] = useState("2026-02-28");
      return (
        <ChakraProvider value={system}>
          <DateInput
            aria-label="Giorno"
            value={value}
            onChange={(v) => {
              seen.push(v);
              setValue(v);
            }}
          />
          <button type="button" onClick={() => setValue("2026-03-01")}>
            Avanti
          </button>
        </ChakraProvider>
      );
    }
    render(<Outside />);
    const field = screen.getByRole("textbox", { name: "Giorno" }) as HTMLInputElement;
    expect(field.value).toBe("28/02/2026");
    fireEvent.click(screen.getByRole("button", { name: "Avanti" }));
    expect(field.value).toBe("01/03/2026");
    typeText(field, "1503", { clear: true });
    expect(field.value).toBe("15/03/");
    expect(seen.at(-1)).toBe("15/03/");
    typeText(field, "2026");
    expect(seen.at(-1)).toBe("2026-03-15");
    expect(field.value).toBe("15/03/2026");
  });
});
