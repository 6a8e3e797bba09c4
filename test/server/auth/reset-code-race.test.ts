/**
 * Parallel guesses of a reset code (the same race as the login's, issue 10 item 3): each guess
 * takes one of the reset's five attempts and one of the address's twenty in one atomic statement
 * BEFORE the code is compared, so thirty guesses sent at once compare at most five codes.
 */
import { describeEachDb } from "../helpers/app";
import { readResetMail } from "./reset-mail";

describeEachDb("auth: parallel reset-code guesses", (ctx) => {
  const post = (url: string, payload: unknown, remoteAddress: string) =>
    ctx().app.inject({ method: "POST", url, payload: payload as never, remoteAddress });

  async function newReset(ip: string) {
    const u = await ctx().createUser();
    await post("/api/auth/reset-password/", { username: u.username, redirect_url: "" }, ip);
    return readResetMail(ctx().mail.at(-1)!.text);
  }

  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  it("compares at most five codes of one reset, and the right code is refused once they are spent", async () => {
    const { uid, token, code } = await newReset("10.9.0.1");
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post("/api/auth/reset-password/verify-code/", { uid: Number(uid), token, code: wrong(code) }, `10.9.1.${i}`),
      ),
    );
    const compared = guesses.filter((r) => r.json().errors?.code !== undefined);
    expect(guesses.every((r) => r.statusCode === 400 || r.statusCode === 429)).toBe(true);
    expect(compared.length).toBeLessThanOrEqual(5);
    const right = await post("/api/auth/reset-password/verify-code/", { uid: Number(uid), token, code }, "10.9.2.1");
    expect(right.statusCode).toBe(400);
  });

  it("compares at most twenty codes from one address", async () => {
    const resets = [];
    for (let i = 0; i < 6; i += 1) resets.push(await newReset(`10.9.3.${i}`));
    const guesses = await Promise.all(
      resets.flatMap(({ uid, token, code }) =>
        Array.from({ length: 5 }, () =>
          post("/api/auth/reset-password/verify-code/", { uid: Number(uid), token, code: wrong(code) }, "10.9.4.1"),
        ),
      ),
    );
    const compared = guesses.filter((r) => r.json().errors?.code !== undefined);
    expect(compared.length).toBeLessThanOrEqual(20);
    expect(guesses.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(10);
  });
});
