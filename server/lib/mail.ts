/**
 * Outgoing mail: SMTP when SMTP_URL is set, otherwise each message is written to
 * DATA_DIR/outbox/<time>-<id>.eml and logged, so a fresh install can still read its reset links.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where outbox files go, when there is no SMTP server. */
  outboxDir?: string;
}

export function createMailer(opts: { smtpUrl?: string; mailFrom: string; dataDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: opts.mailFrom, to: m.to, subject: m.subject, text: m.text, html: m.html });
      },
    };
  }
  const outboxDir = path.join(opts.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    outboxDir,
    async send(m) {
      const info = await transport.sendMail({
        from: opts.mailFrom,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
      });
      fs.mkdirSync(outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}.eml`;
      fs.writeFileSync(path.join(outboxDir, name), info.message as Buffer, { mode: 0o600 });
    },
  };
}

/**
 * Sends mails AFTER the answer, so a request that mails (an existing account) does not answer
 * measurably slower than one that does not. A failed send is logged; pending sends are awaited
 * when the app closes.
 *
 *   const mailLater = mailAfterAnswer(app, "invio dell'email … non riuscito");
 *   mailLater(message);
 */
export function mailAfterAnswer(app: FastifyInstance, failureLog: string): (message: MailMessage) => void {
  const pending = new Set<Promise<void>>();
  app.addHook("onClose", async () => {
    await Promise.allSettled([...pending]);
  });
  return (message) => {
    const p = app.mailer
      .send(message)
      .catch((err) => app.log.error({ err }, failureLog))
      .finally(() => pending.delete(p));
    pending.add(p);
  };
}
