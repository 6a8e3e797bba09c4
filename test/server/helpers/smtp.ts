/**
 * A real SMTP peer for tests: `smtp-server` on 127.0.0.1 and a free port, collecting the raw
 * messages it receives, plus a tiny RFC 5322 / MIME reader (no mailparser installed) that decodes
 * quoted-printable and base64 single-part text bodies and encoded-word headers.
 *
 *   const smtp = await startSmtp();             // config.smtpUrl = smtp.url
 *   const msg = await smtp.waitForMessage();     // {from, to, headers, text}
 *   await smtp.close();
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  headers: Record<string, string>;
  subject: string;
  text: string;
}

export interface TestSmtp {
  url: string;
  messages: ReceivedMail[];
  waitForMessage(timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string): Buffer {
  const soft = s.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i];
    if (c === "=" && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, "utf8"));
    }
  }
  return Buffer.from(bytes);
}

/** `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=` in headers. */
function decodeWords(v: string): string {
  return v.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_m, _cs, enc: string, data: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : decodeQuotedPrintable(data.replace(/_/g, " ")).toString("utf8"),
  );
}

export function parseMail(raw: string): { headers: Record<string, string>; subject: string; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = decodeWords(line.slice(i + 1).trim());
  }
  const cte = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  const bytes =
    cte === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : cte === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64")
        : Buffer.from(body, "utf8");
  return { headers, subject: headers.subject ?? "", text: bytes.toString("utf8").replace(/\r\n/g, "\n") };
}

export async function startSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters: ((m: ReceivedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail: ReceivedMail = {
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMail(raw),
        };
        messages.push(mail);
        for (const w of waiters.splice(0)) w(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  let seen = 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMessage(timeoutMs = 10_000) {
      if (messages.length > seen) return Promise.resolve(messages[seen++]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("Nessuna email ricevuta dal server SMTP di prova")), timeoutMs);
        waiters.push((m) => {
          clearTimeout(timer);
          seen++;
          resolve(m);
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
