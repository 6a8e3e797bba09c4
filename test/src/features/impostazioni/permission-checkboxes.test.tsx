import { ChakraProvider } from "@chakra-ui/react";
import { fireEvent, render, waitFor } from "@testing-library/react";
import { PermissionCheckboxes } from "../../../../src/features/impostazioni/permission-checkboxes";
import { system } from "../../../../src/lib/theme";

it("toggles a permission and shows the groups with Italian labels", async () => {
  const onChange = jest.fn();
  const { container, getByText } = render(
    <ChakraProvider value={system}>
      <PermissionCheckboxes value={["erp_operatori"]} onChange={onChange} />
    </ChakraProvider>,
  );
  expect(getByText("Crowd Management System")).toBeTruthy();
  expect(getByText("Operatori — Documenti e corsi")).toBeTruthy();
  const clienti = container.querySelector('input[value="erp_clienti"]') as HTMLInputElement;
  fireEvent.click(clienti);
  await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(["erp_operatori", "erp_clienti"]));
  const operatori = container.querySelector('input[value="erp_operatori"]') as HTMLInputElement;
  expect(operatori.checked).toBe(true);
  fireEvent.click(operatori);
  await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([]));
});
