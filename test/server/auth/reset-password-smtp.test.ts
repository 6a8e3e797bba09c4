import type { FastifyInstance } from "fastify";
import { buildApp } from "../../../server/app";
import type { Database } from "../../../server/db/client";
import { users } from "../../../server/db/schema/core";
import { hashPassword } from "../../../server/lib/passwords";
import { TEST_SCRYPT_N, testConfig } from "../helpers/app";
import { openTestDatabase } from "../helpers/db";
import { startSmtp, type TestSmtp } from "../helpers/smtp";
import { testDbKinds } from "../setup/paths";
import { readResetMail } from "./reset-mail";

// The mail path does not depend on the database: one database kind is enough here.
describe(`auth: reset mail through a real SMTP server [${testDbKinds()[0]}]`, () => {
  let smtp: TestSmtp;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    smtp = await startSmtp();
    database = await openTestDatabase(testDbKinds()[0]);
    app = await buildApp(testConfig({ smtpUrl: smtp.url, mailFrom: "Vigilanza ERP <noreply@vigilanza.test>" }), {
      database,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await smtp?.close();
  });

  it("delivers the reset mail over SMTP with a working link and code", async () => {
    await database.db.insert(users).values({
      username: "posta.vera",
      email: "posta.vera@example.it",
      nome: "Élodie",
      passwordHash: await hashPassword("Vecchia-Chiave-2030", TEST_SCRYPT_N),
    });
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/reset-password/",
      payload: { username: "posta.vera", redirect_url: "https://evil.example/" },
    });
    expect(res.statusCode).toBe(200);

    const mail = await smtp.waitForMessage();
    expect(mail.envelopeFrom).toBe("noreply@vigilanza.test");
    expect(mail.envelopeTo).toEqual(["posta.vera@example.it"]);
    expect(mail.headers.to).toContain("posta.vera@example.it");
    expect(mail.subject).toBe("Vigilanza ERP - reimpostazione della password");
    // nodemailer sends non-ASCII text as quoted-printable: the reader decoded it
    expect(mail.headers["content-transfer-encoding"]).toBe("quoted-printable");
    expect(mail.raw).toContain("=C3=89lodie");
    expect(mail.text).toContain("Buongiorno Élodie,");
    expect(mail.text).toContain("valido per 1 ora");

    const { link, uid, token, code } = readResetMail(mail.text);
    expect(link.origin).toBe("http://erp.test");
    const confirm = await app.inject({
      method: "POST",
      url: "/api/auth/reset-password/confirm/",
      payload: { uid, token, code, password: "Posta-Vera-2031" },
    });
    expect(confirm.statusCode).toBe(200);
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login/",
      payload: { username: "posta.vera", password: "Posta-Vera-2031" },
    });
    expect(login.statusCode).toBe(200);
  });
});
