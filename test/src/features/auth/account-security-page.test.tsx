/**
 * Issue 37: Sicurezza dell'account — activating the second factor when the server asks for a fresh
 * re-authentication: the dialog asks for the password, the call is sent again and the QR appears;
 * the active sessions are listed.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { MOCK_PASSWORD } from "../../../../mocks/fixtures/auth";
import { REAUTH_DETAIL, REAUTH_REQUIRED } from "../../../../src/domain/mfa";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();

it("asks for the password when the server wants a re-authentication, then shows the QR code", async () => {
  let setups = 0;
  const reauths: unknown[] = [];
  server.use(
    http.post("*/api/auth/mfa/setup/", () => {
      setups += 1;
      return setups === 1
        ? HttpResponse.json({ detail: REAUTH_DETAIL, code: REAUTH_REQUIRED }, { status: 403 })
        : HttpResponse.json({
            secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
            otpauth_url: "otpauth://totp/Vigilanza%20ERP:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
          });
    }),
    http.post("*/api/auth/reauth/", async ({ request }) => {
      reauths.push(await request.json());
      return HttpResponse.json({ detail: "Identità confermata" });
    }),
  );
  renderApp("/profilo/sicurezza", { as: "admin" });
  expect(await screen.findByRole("heading", { name: "Sicurezza dell'account" })).toBeTruthy();
  const sessions = await screen.findByRole("table", { name: "Sessioni attive" });
  expect(await within(sessions).findByText("Questa sessione")).toBeTruthy();

  fireEvent.click(await screen.findByRole("button", { name: "Attiva la verifica in due passaggi" }));
  const dialog = await screen.findByRole("form", { name: "Conferma la tua identità" });
  fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: MOCK_PASSWORD } });
  fireEvent.click(within(dialog).getByRole("button", { name: "Conferma" }));
  expect(await screen.findByTestId("mfa-secret")).toBeTruthy();
  expect(screen.getByTestId("mfa-secret").textContent).toBe("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
  await waitFor(() => expect(setups).toBe(2));
  expect(reauths).toEqual([{ password: MOCK_PASSWORD }]);
});
