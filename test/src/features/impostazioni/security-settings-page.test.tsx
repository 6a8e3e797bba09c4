/**
 * Issue 37: Impostazioni → Sicurezza — the administrators turn on the compulsory second factor for
 * the preset permissions and save; SSO cannot be made compulsory while the server has none.
 */
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { MFA_DEFAULT_PERMISSIONS } from "../../../../src/domain/mfa";
import { setupMockServer } from "../../helpers/msw";
import { renderApp } from "../../helpers/render-app";

const server = setupMockServer();
jest.setTimeout(60_000);

it("turns on the compulsory second factor for the preset permissions and saves", async () => {
  const puts: unknown[] = [];
  server.use(
    http.put("*/api/auth/security-settings/", async ({ request }) => {
      const body = (await request.json()) as { data: Record<string, unknown> };
      puts.push(body);
      return HttpResponse.json({
        mfa_required: false,
        mfa_required_permissions: [],
        sso_required: false,
        sso_break_glass_username: "",
        sso_available: false,
        ...body.data,
      });
    }),
  );
  renderApp("/impostazioni/sicurezza", { as: "admin" });
  expect(await screen.findByRole("heading", { name: "Sicurezza" })).toBeTruthy();
  const sso = screen.getByRole("checkbox", { name: /SSO obbligatorio/ });
  expect((sso as HTMLInputElement).disabled).toBe(true);
  expect(screen.getByText(/SSO non configurato sul server/)).toBeTruthy();
  const required = screen.getByRole("checkbox", { name: /Obbligatoria per chi ha almeno uno/ }) as HTMLInputElement;
  fireEvent.click(screen.getByText(/Obbligatoria per chi ha almeno uno/));
  await waitFor(() => expect(required.checked).toBe(true));
  // the page's own state, not only the input: the notice under the box follows it
  await screen.findByText(/le sue sessioni aperte vengono chiuse al salvataggio/);
  fireEvent.click(screen.getByRole("button", { name: "Salva" }));
  expect(await screen.findByText("Impostazioni di sicurezza salvate")).toBeTruthy();
  await waitFor(() => expect(puts).toHaveLength(1));
  expect(puts[0]).toEqual({
    data: {
      mfa_required: true,
      mfa_required_permissions: [...MFA_DEFAULT_PERMISSIONS],
      sso_required: false,
      sso_break_glass_username: "",
    },
  });
});
