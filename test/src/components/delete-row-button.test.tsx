import { ChakraProvider } from "@chakra-ui/react";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { DeleteRowButton } from "../../../src/components/delete-row-button";
import { system } from "../../../src/lib/theme";
import { Toaster } from "../../../src/lib/toaster";

function renderButton(onDelete: () => Promise<unknown>) {
  return render(
    <ChakraProvider value={system}>
      <DeleteRowButton what="il prezzo di Steward" onDelete={onDelete} />
      <Toaster />
    </ChakraProvider>,
  );
}

describe("DeleteRowButton", () => {
  it("deletes nothing until the confirmation, then deletes once", async () => {
    const onDelete = jest.fn(() => Promise.resolve());
    renderButton(onDelete);
    fireEvent.click(screen.getByRole("button", { name: "Elimina il prezzo di Steward" }));
    expect(
      await screen.findByText(
        "Sei sicuro di voler eliminare il prezzo di Steward? L'operazione non potrà essere annullata.",
      ),
    ).toBeTruthy();
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Elimina" }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
  });

  it("shows the server's message when the deletion fails", async () => {
    renderButton(() => Promise.reject({ status: 409, data: { detail: "Prezzo usato da un servizio" } }));
    fireEvent.click(screen.getByRole("button", { name: "Elimina il prezzo di Steward" }));
    await screen.findByText(/Sei sicuro di voler eliminare/);
    fireEvent.click(screen.getByRole("button", { name: "Elimina" }));
    expect(await screen.findByText("Si è verificato un errore (Prezzo usato da un servizio)")).toBeTruthy();
  });
});
