/**
 * A real OpenID Connect provider (`oidc-provider`) on loopback, for the single sign-on tests
 * (issue 37): whoever "logs in" there is the account set with `signInAs` (its id is its e-mail);
 * the login and consent pages answer at once. Listen first (the issuer's URL is known before the
 * client's redirect URI), then `register` the client.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export const OIDC_CLIENT = { client_id: "erp-test", client_secret: "segreto-del-client-di-prova-1234567890" };

export interface TestOidcProvider {
  issuer: string;
  register(redirectUri: string): void;
  signInAs(email: string): void;
  close(): Promise<void>;
}

export async function listenOidcProvider(): Promise<TestOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let account = "";
  return {
    issuer,
    signInAs(email) {
      account = email;
    },
    register(redirectUri) {
      const provider = new Provider(issuer, {
        clients: [
          {
            ...OIDC_CLIENT,
            redirect_uris: [redirectUri],
            grant_types: ["authorization_code"],
            response_types: ["code"],
          },
        ],
        pkce: { required: () => true },
        cookies: { keys: ["chiave-dei-cookie-di-prova"] },
        claims: { openid: ["sub"], email: ["email", "email_verified"] },
        findAccount: (_ctx: unknown, id: string) => ({
          accountId: id,
          claims: () => ({ sub: id, email: id, email_verified: true }),
        }),
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx: unknown, i: { uid: string }) => `/interaction/${i.uid}` },
      });
      const callback = provider.callback();
      server.on("request", async (req, res) => {
        if (!req.url?.startsWith("/interaction/")) return callback(req, res);
        const details = await provider.interactionDetails(req, res);
        let result: Record<string, unknown>;
        if (details.prompt.name === "login") result = { login: { accountId: account } };
        else {
          const grant = new provider.Grant({
            accountId: details.session?.accountId as string,
            clientId: details.params.client_id as string,
          });
          grant.addOIDCScope("openid email profile");
          result = { consent: { grantId: await grant.save() } };
        }
        await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
