/**
 * The alarms' escalation mail through a real SMTP peer (test/server/helpers/smtp.ts): an SOS nobody
 * took in ALARM_ESCALATION_MINUTES (here 5) reaches the administrators' mailboxes once, with the
 * guard, the shift, the map link and the link to take it. The mail path does not depend on the
 * database: one database kind is enough here.
 */
import { sql } from "drizzle-orm";
import { runDueJob } from "../../../server/lib/jobs";
import { createMailer } from "../../../server/lib/mail";
import { ESCALATION_ALLARMI_JOB } from "../../../server/modules/console/allarmi/allarmi.job";
import { auth, createTestApp, type TestApp, testConfig } from "../helpers/app";
import { startSmtp, type TestSmtp } from "../helpers/smtp";
import { testDbKinds } from "../setup/paths";
import { consoleFixture } from "./console-fixture";

const at = (hhmm: string) => new Date(`2026-07-10T${hhmm}:00+02:00`);

describe(`allarmi: escalation mail through a real SMTP server [${testDbKinds()[0]}]`, () => {
  let smtp: TestSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(testDbKinds()[0], { alarmEscalationMinutes: 5 });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("mails each administrator once when nobody took the SOS in time", async () => {
    const fx = consoleFixture(() => t);
    const op = await fx.operatore("Gallo", { nome: "Sara", applicazione: true });
    await fx.turno({ name: "porto", giorno: "2026-07-10", inizio: "20:00", fine: "23:59", assegnati: [op] });
    const guardia = await fx.appToken(op, "s.gallo");
    await t.createUser({ permissions: ["erp_admin"], email: "direzione@example.it" });
    t.setNow(at("22:00"));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/app/allarmi/",
      headers: auth(guardia),
      payload: {
        data: {
          id: "00000000-0000-4000-8000-000000000501",
          data_ora: at("22:00").toISOString(),
          lat: 44.4056,
          lng: 8.9463,
          accuratezza: 9,
          silenzioso: true,
        },
      },
    });
    expect(res.statusCode).toBe(201);
    const config = testConfig({ smtpUrl: smtp.url, alarmEscalationMinutes: 5 });
    const env = { config, mailer: createMailer(config) };
    const due = () =>
      t.database.db.execute(sql`UPDATE jobs SET next_run = '2000-01-01' WHERE name = 'escalation-allarmi'`);
    await due();
    // 4 minutes: not yet.
    expect((await runDueJob(t.database.db, ESCALATION_ALLARMI_JOB, at("22:04"), "test", env))?.result).toBe(
      "nessun allarme da inoltrare",
    );
    await due();
    await runDueJob(t.database.db, ESCALATION_ALLARMI_JOB, at("22:05"), "test", env);
    const mail = await smtp.waitForMessage();
    expect(mail.envelopeTo).toEqual(["direzione@example.it"]);
    expect(mail.subject).toBe("Vigilanza ERP - SOS non preso in carico: Sara Gallo");
    expect(mail.text).toContain("L'SOS silenzioso di Sara Gallo, ricevuto alle 10/07/2026 22:00:00");
    expect(mail.text).toContain("entro 5 minuti");
    expect(mail.text).toContain("Turno: Cliente porto, 10/07/2026 20:00–23:59");
    expect(mail.text).toContain("https://www.openstreetmap.org/?mlat=44.4056&mlon=8.9463");
    expect(mail.text).toMatch(/Prendilo in carico: http:\/\/erp\.test\/app\/console\/allarmi\?allarme=\d+/);
    await due();
    await runDueJob(t.database.db, ESCALATION_ALLARMI_JOB, at("22:10"), "test", env);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages).toHaveLength(1);
  });
});
