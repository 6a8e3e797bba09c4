/**
 * The child-table kit against an API answered by msw: the rows and their states, adding and editing
 * in a dialog or under the table, deleting only after the confirmation, and the one policy for a
 * failed save — a 400's reasons under the fields with what was typed kept, anything else a toast.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { api } from "../../../../src/api/base";
import { ChildTable } from "../../../../src/components/child-table";
import { type FailureWording, SERVER_MESSAGE_WORDING } from "../../../../src/components/form";
import { formatDate } from "../../../../src/domain/format";
import { typeText } from "../../helpers/type-text";
import { renderWithProviders } from "../test-utils";

interface Riga {
  id: number;
  nome: string;
  quantita: number;
  consegna: string | null;
}

const PATH = "*/api/prova/righe/";
const TAG = { type: "Contratto" as const, id: "prova-righe" };

const righeApi = api.injectEndpoints({
  endpoints: (build) => ({
    righe: build.query<Riga[], void>({ query: () => "prova/righe/", providesTags: [TAG] }),
    saveRiga: build.mutation<Riga, { id?: number; data: Record<string, unknown> }>({
      query: ({ id, data }) => ({
        url: id ? `prova/righe/${id}/` : "prova/righe/",
        method: id ? "PUT" : "POST",
        body: { data },
      }),
      invalidatesTags: [TAG],
    }),
    deleteRiga: build.mutation<{ result: "OK" }, number>({
      query: (id) => ({ url: `prova/righe/${id}/`, method: "DELETE" }),
      invalidatesTags: [TAG],
    }),
  }),
});

let righe: Riga[] = [];
let nextId = 3;
const sent: { method: string; path: string; body?: unknown }[] = [];

const server = setupServer(
  http.get(PATH, () => HttpResponse.json(righe)),
  http.post(PATH, async ({ request }) => {
    const { data } = (await request.json()) as { data: { nome: string; quantita?: string; consegna?: string } };
    sent.push({ method: "POST", path: "/", body: data });
    const riga = {
      id: nextId++,
      nome: data.nome,
      quantita: Number(data.quantita ?? 1),
      consegna: data.consegna || null,
    };
    righe = [...righe, riga];
    return HttpResponse.json(riga, { status: 201 });
  }),
  http.put(`${PATH}:id/`, async ({ request, params }) => {
    const { data } = (await request.json()) as { data: Partial<Record<keyof Riga, string | number>> };
    sent.push({ method: "PUT", path: `/${params.id}/`, body: data });
    // a PUT changes only what it names; '' clears
    const apply = (r: Riga): Riga => ({
      ...r,
      ...("nome" in data ? { nome: String(data.nome) } : {}),
      ...("quantita" in data ? { quantita: Number(data.quantita) } : {}),
      ...("consegna" in data ? { consegna: data.consegna ? String(data.consegna) : null } : {}),
    });
    righe = righe.map((r) => (r.id === Number(params.id) ? apply(r) : r));
    return HttpResponse.json(righe.find((r) => r.id === Number(params.id)));
  }),
  http.delete(`${PATH}:id/`, ({ params }) => {
    sent.push({ method: "DELETE", path: `/${params.id}/` });
    righe = righe.filter((r) => r.id !== Number(params.id));
    return HttpResponse.json({ result: "OK" });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
beforeEach(() => {
  righe = [
    { id: 1, nome: "Radio portatile", quantita: 2, consegna: null },
    { id: 2, nome: "Torcia", quantita: 1, consegna: "2026-03-05" },
  ];
  nextId = 3;
  sent.length = 0;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const FIELDS = [
  { name: "nome", label: "Nome", required: true },
  { name: "quantita", label: "Quantità", kind: "number" as const },
  { name: "consegna", label: "Consegnata il", kind: "date" as const },
];

function Righe({ placement, wording }: { placement: "dialog" | "inline"; wording?: FailureWording }) {
  const { data, isLoading, error } = righeApi.useRigheQuery();
  const [save] = righeApi.useSaveRigaMutation();
  const [remove] = righeApi.useDeleteRigaMutation();
  return (
    <ChildTable<Riga>
      label="Righe"
      rows={data}
      isLoading={isLoading}
      error={error}
      wording={wording}
      columns={[
        { header: "Nome", render: (r) => r.nome },
        { header: "Quantità", render: (r) => String(r.quantita) },
        { header: "Consegnata il", render: (r) => formatDate(r.consegna) },
      ]}
      form={
        placement === "dialog"
          ? { placement, titles: { add: "Nuova riga", edit: "Modifica riga" }, fields: FIELDS }
          : { placement, label: "Nuova riga", fields: FIELDS }
      }
      save={(values, riga) => save({ id: riga?.id, data: values }).unwrap()}
      remove={(riga) => remove(riga.id).unwrap()}
      confirm={{ what: (r) => `la riga ${r.nome}` }}
    />
  );
}

async function table() {
  return screen.findByRole("table", { name: "Righe" });
}

const refusal = (status: number, body: object) => HttpResponse.json(body, { status });
const VALIDATION = "Si è verificato un errore di validazione. Controlla i campi contrassegnati e riprova";

describe("ChildTable — the list", () => {
  it("shows the rows, the empty text for none, and the server's message for a failed load", async () => {
    const { unmount } = renderWithProviders(<Righe placement="dialog" />);
    const rows = await table();
    expect(within(rows).getByText("Radio portatile")).toBeTruthy();
    expect(within(rows).getByText("Torcia")).toBeTruthy();
    unmount();

    righe = [];
    const empty = renderWithProviders(<Righe placement="dialog" />);
    expect(await within(await table()).findByText("Nessun risultato trovato")).toBeTruthy();
    empty.unmount();

    server.use(http.get(PATH, () => refusal(503, { detail: "Servizio non disponibile" })));
    renderWithProviders(<Righe placement="dialog" />);
    expect(await screen.findByText("Si è verificato un errore (Servizio non disponibile)")).toBeTruthy();
    expect(screen.queryByRole("table", { name: "Righe" })).toBeNull();
    expect(screen.queryByText("Nessun risultato trovato")).toBeNull();
  });
});

describe("ChildTable — the dialog form", () => {
  it("adds a row: 'Aggiungi', the fields, 'Salva' sends them, says so and shows the new row", async () => {
    renderWithProviders(<Righe placement="dialog" />);
    const rows = await table();
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi" }));
    const dialog = await screen.findByRole("dialog", { name: "Nuova riga" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Nome/ }), { target: { value: "Giubbotto" } });
    fireEvent.change(within(dialog).getByRole("spinbutton", { name: /Quantità/ }), { target: { value: "4" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await within(rows).findByText("Giubbotto")).toBeTruthy();
    expect(await screen.findByText("Modifiche salvate correttamente")).toBeTruthy();
    expect(sent).toEqual([{ method: "POST", path: "/", body: { nome: "Giubbotto", quantita: "4" } }]);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Nuova riga" })).toBeNull());
  });

  it("edits a row: 'Modifica' opens its values, 'Salva' sends the change with PUT", async () => {
    renderWithProviders(<Righe placement="dialog" />);
    const rows = await table();
    const torcia = within(rows).getByText("Torcia").closest("tr")!;
    fireEvent.click(within(torcia as HTMLElement).getByRole("button", { name: "Modifica" }));
    const dialog = await screen.findByRole("dialog", { name: "Modifica riga" });
    const nome = within(dialog).getByRole("textbox", { name: /Nome/ });
    expect(nome).toHaveProperty("value", "Torcia");
    fireEvent.change(nome, { target: { value: "Torcia LED" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await within(rows).findByText("Torcia LED")).toBeTruthy();
    // only what changed: not the id, not the fields left alone
    expect(sent).toEqual([{ method: "PUT", path: "/2/", body: { nome: "Torcia LED" } }]);
  });

  it("the dialog's title is the declaration's, in the noun's gender", async () => {
    renderWithProviders(<Righe placement="dialog" />);
    await table();
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi" }));
    expect(await screen.findByRole("dialog", { name: "Nuova riga" })).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: "Nuovo riga" })).toBeNull();
  });

  it("an edit sends a date typed in DD/MM/YYYY as YYYY-MM-DD, a field emptied as '', nothing unchanged", async () => {
    renderWithProviders(<Righe placement="dialog" />);
    const rows = await table();
    const torcia = () => within(rows).getByText("Torcia").closest("tr") as HTMLElement;
    expect(within(torcia()).getByText("05/03/2026")).toBeTruthy();
    fireEvent.click(within(torcia()).getByRole("button", { name: "Modifica" }));
    let dialog = await screen.findByRole("dialog", { name: "Modifica riga" });
    const consegna = within(dialog).getByRole("textbox", { name: /Consegnata il/ }) as HTMLInputElement;
    expect(consegna.value).toBe("05/03/2026");
    typeText(consegna, "07032026", { clear: true });
    expect(consegna.value).toBe("07/03/2026");
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await within(rows).findByText("07/03/2026")).toBeTruthy();
    expect(sent).toEqual([{ method: "PUT", path: "/2/", body: { consegna: "2026-03-07" } }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    fireEvent.click(within(torcia()).getByRole("button", { name: "Modifica" }));
    dialog = await screen.findByRole("dialog", { name: "Modifica riga" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Consegnata il/ }), { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(within(rows).queryByText("07/03/2026")).toBeNull());
    expect(sent.at(-1)).toEqual({ method: "PUT", path: "/2/", body: { consegna: "" } });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    fireEvent.click(within(torcia()).getByRole("button", { name: "Modifica" }));
    dialog = await screen.findByRole("dialog", { name: "Modifica riga" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent).toHaveLength(2);
  });

  it("an impossible date stays in the dialog as typed, named under the field; nothing is sent", async () => {
    renderWithProviders(<Righe placement="dialog" />);
    await table();
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi" }));
    const dialog = await screen.findByRole("dialog", { name: "Nuova riga" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Nome/ }), { target: { value: "Casco" } });
    const consegna = within(dialog).getByRole("textbox", { name: /Consegnata il/ }) as HTMLInputElement;
    typeText(consegna, "30022026");
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await within(dialog).findByText("Data non valida (GG/MM/AAAA)")).toBeTruthy();
    expect(consegna.value).toBe("30/02/2026");
    expect(sent).toEqual([]);
  });

  it("a 400 puts the server's reason under the field, keeps what was typed and the dialog open", async () => {
    server.use(
      http.post(PATH, () =>
        refusal(400, { detail: VALIDATION, errors: { nome: "Esiste già una riga con questo nome" } }),
      ),
    );
    renderWithProviders(<Righe placement="dialog" />);
    await table();
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi" }));
    const dialog = await screen.findByRole("dialog", { name: "Nuova riga" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Nome/ }), { target: { value: "Torcia" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await within(dialog).findByText("Esiste già una riga con questo nome")).toBeTruthy();
    expect(within(dialog).getByRole("textbox", { name: /Nome/ })).toHaveProperty("value", "Torcia");
    expect(await screen.findByText(VALIDATION)).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Nuova riga" })).toBeTruthy();
  });

  it("a 500 is a toast with the server's message; the dialog keeps what was typed", async () => {
    server.use(http.post(PATH, () => refusal(500, { detail: "Errore interno del server" })));
    renderWithProviders(<Righe placement="dialog" />);
    await table();
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi" }));
    const dialog = await screen.findByRole("dialog", { name: "Nuova riga" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Nome/ }), { target: { value: "Casco" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText("Si è verificato un errore (Errore interno del server)")).toBeTruthy();
    expect(within(dialog).getByRole("textbox", { name: /Nome/ })).toHaveProperty("value", "Casco");
  });

  it("a screen that shows the server's message as it is gets exactly that", async () => {
    server.use(http.post(PATH, () => refusal(500, { detail: "Errore interno del server" })));
    renderWithProviders(<Righe placement="dialog" wording={SERVER_MESSAGE_WORDING} />);
    await table();
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi" }));
    const dialog = await screen.findByRole("dialog", { name: "Nuova riga" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Nome/ }), { target: { value: "Casco" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salva" }));
    expect(await screen.findByText("Errore interno del server")).toBeTruthy();
  });
});

describe("ChildTable — deleting", () => {
  it("deletes only after the confirmation", async () => {
    renderWithProviders(<Righe placement="dialog" />);
    const rows = await table();
    fireEvent.click(within(rows).getByRole("button", { name: "Elimina la riga Torcia" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(
      within(dialog).getByText(
        "Sei sicuro di voler eliminare la riga Torcia? L'operazione non potrà essere annullata.",
      ),
    ).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Elimina" }));
    await waitFor(() => expect(within(rows).queryByText("Torcia")).toBeNull());
    expect(sent).toEqual([{ method: "DELETE", path: "/2/" }]);
    expect(within(rows).getByText("Radio portatile")).toBeTruthy();
  });

  it("'Annulla' keeps the row and sends nothing", async () => {
    renderWithProviders(<Righe placement="dialog" />);
    const rows = await table();
    fireEvent.click(within(rows).getByRole("button", { name: "Elimina la riga Torcia" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Annulla" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(within(rows).getByText("Torcia")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("a refused delete is a toast and the row stays", async () => {
    server.use(http.delete(`${PATH}:id/`, () => refusal(409, { detail: "Riga usata da un servizio" })));
    renderWithProviders(<Righe placement="dialog" />);
    const rows = await table();
    fireEvent.click(within(rows).getByRole("button", { name: "Elimina la riga Torcia" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Elimina" }));
    expect(await screen.findByText("Si è verificato un errore (Riga usata da un servizio)")).toBeTruthy();
    expect(within(rows).getByText("Torcia")).toBeTruthy();
  });
});

describe("ChildTable — the form under the table", () => {
  it("adds a row and starts again empty", async () => {
    renderWithProviders(<Righe placement="inline" />);
    const rows = await table();
    const form = screen.getByRole("form", { name: "Nuova riga" });
    fireEvent.change(within(form).getByRole("textbox", { name: /Nome/ }), { target: { value: "Giubbotto" } });
    fireEvent.click(within(form).getByRole("button", { name: "Aggiungi" }));
    expect(await within(rows).findByText("Giubbotto")).toBeTruthy();
    expect(sent).toEqual([{ method: "POST", path: "/", body: { nome: "Giubbotto" } }]);
    await waitFor(() => expect(within(form).getByRole("textbox", { name: /Nome/ })).toHaveProperty("value", ""));
  });

  it("without a required value nothing is sent and the field says so", async () => {
    renderWithProviders(<Righe placement="inline" />);
    await table();
    const form = screen.getByRole("form", { name: "Nuova riga" });
    fireEvent.change(within(form).getByRole("spinbutton", { name: /Quantità/ }), { target: { value: "3" } });
    fireEvent.submit(form);
    expect(await within(form).findByText("Questo campo è obbligatorio")).toBeTruthy();
    expect(sent).toEqual([]);
    expect(within(form).getByRole("spinbutton", { name: /Quantità/ })).toHaveProperty("value", "3");
  });

  it("a 400 puts the reason under the field and keeps the typed value", async () => {
    server.use(
      http.post(PATH, () => refusal(400, { detail: VALIDATION, errors: { quantita: "Quantità non valida" } })),
    );
    renderWithProviders(<Righe placement="inline" />);
    await table();
    const form = screen.getByRole("form", { name: "Nuova riga" });
    fireEvent.change(within(form).getByRole("textbox", { name: /Nome/ }), { target: { value: "Casco" } });
    fireEvent.change(within(form).getByRole("spinbutton", { name: /Quantità/ }), { target: { value: "9999" } });
    fireEvent.click(within(form).getByRole("button", { name: "Aggiungi" }));
    expect(await within(form).findByText("Quantità non valida")).toBeTruthy();
    expect(within(form).getByRole("textbox", { name: /Nome/ })).toHaveProperty("value", "Casco");
    expect(within(form).getByRole("spinbutton", { name: /Quantità/ })).toHaveProperty("value", "9999");
  });
});
