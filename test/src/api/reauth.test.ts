/**
 * Issue 37: a call the server refuses with 403 `reauth_required` is handed to the registered
 * re-authentication (the shell's dialog) and sent again once the identity is confirmed; without a
 * confirmation, the refusal is the answer.
 */
import { HttpResponse, http } from "msw";
import { setReauthHandler } from "../../../src/api/base";
import { mfaApi } from "../../../src/api/mfa.endpoints";
import { makeStore } from "../../../src/app/store";
import { REAUTH_DETAIL, REAUTH_REQUIRED } from "../../../src/domain/mfa";
import { setupMockServer } from "../helpers/msw";

const server = setupMockServer();

describe("re-authentication of a sensitive call", () => {
  let calls = 0;
  beforeEach(() => {
    calls = 0;
    server.use(
      http.post("*/api/auth/mfa/setup/", () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ detail: REAUTH_DETAIL, code: REAUTH_REQUIRED }, { status: 403 })
          : HttpResponse.json({ secret: "JBSWY3DPEHPK3PXP", otpauth_url: "otpauth://totp/x" });
      }),
    );
  });
  afterEach(() => setReauthHandler(null));

  it("asks once, then sends the call again", async () => {
    const asked = jest.fn(async () => true);
    setReauthHandler(asked);
    const r = await makeStore().dispatch(mfaApi.endpoints.mfaSetup.initiate()).unwrap();
    expect(r.secret).toBe("JBSWY3DPEHPK3PXP");
    expect(asked).toHaveBeenCalledTimes(1);
    expect(calls).toBe(2);
  });

  it("a cancelled confirmation leaves the 403 with its detail", async () => {
    setReauthHandler(async () => false);
    const r = await makeStore().dispatch(mfaApi.endpoints.mfaSetup.initiate());
    expect(r.error).toMatchObject({ status: 403, data: { code: REAUTH_REQUIRED, detail: REAUTH_DETAIL } });
    expect(calls).toBe(1);
  });
});
