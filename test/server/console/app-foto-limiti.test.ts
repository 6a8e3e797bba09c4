/**
 * Issue 30 item 7 through the guards' app: the probe's 49-megapixel PNG is a 400 and stores
 * nothing, and a guard's photo uploads are limited per hour (refused ones count: each costs
 * image work), with nothing written past the limit.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { queryOne } from "../../../server/db/query";
import { filesRoot } from "../../../server/lib/files";
import { hashPassword } from "../../../server/lib/passwords";
import { auth, describeEachDb } from "../helpers/app";
import { flatPng } from "../helpers/png";

const NOW = new Date("2030-07-01T09:00:00Z");

describeEachDb("app delle guardie: limiti delle foto", (ctx) => {
  const db = () => ctx().database.db;
  let token: string;
  let operatore: number;

  beforeAll(async () => {
    ctx().setNow(NOW);
    const op = await queryOne<{ id: number }>(
      db(),
      sql`INSERT INTO operatori (nome, cognome, applicazione) VALUES ('Lucia', 'Ferri', true) RETURNING id`,
    );
    operatore = op?.id as number;
    const hash = await hashPassword("Guardia-Foto-2030", 2 ** 10);
    await db().execute(
      sql`INSERT INTO app_credenziali (operatore_id, username, password_hash) VALUES (${operatore}, 'l.ferri', ${hash})`,
    );
    const login = await ctx().app.inject({
      method: "POST",
      url: "/api/app/login/",
      payload: { username: "l.ferri", password: "Guardia-Foto-2030" },
    });
    token = login.json().token;
  });
  afterAll(() => ctx().setNow(null));

  async function newTicket(): Promise<number> {
    const res = await ctx().app.inject({
      method: "POST",
      url: "/api/app/ticket/",
      headers: auth(token),
      payload: { data: { tipo: "segnalazione", oggetto: "Cancello aperto", testo: "Trovato aperto alle 9." } },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id;
  }

  const sendPhoto = (ticket: number, data: Buffer) => {
    const boundary = "----erpfoto";
    return ctx().app.inject({
      method: "POST",
      url: `/api/app/ticket/${ticket}/foto/`,
      headers: { ...auth(token), "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="foto"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  };

  const storedFiles = async () =>
    (await queryOne<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM files WHERE owner_type = 'ticket'`))?.n;

  it("refuses the 49-megapixel PNG with a 400 and stores nothing", async () => {
    const id = await newTicket();
    const dir = path.join(filesRoot(ctx().app.config.dataDir), "2030");
    const before = await fs.readdir(dir).catch(() => []);
    const res = await sendPhoto(id, flatPng(7000, 7000));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: "L'immagine è troppo grande: al massimo 25 megapixel",
      errors: { file: "L'immagine è troppo grande: al massimo 25 megapixel" },
    });
    expect(await storedFiles()).toBe(0);
    expect(await fs.readdir(dir).catch(() => [])).toEqual(before);
  });

  it("limits a guard to 20 photo uploads an hour, refused ones included", async () => {
    const photo = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#884422" } })
      .png()
      .toBuffer();
    // 1 refused upload above; 19 more (refused: not an image) reach the limit.
    const id = await newTicket();
    for (let i = 0; i < 19; i++) expect((await sendPhoto(id, Buffer.from("non una foto"))).statusCode).toBe(400);
    const over = await sendPhoto(id, photo);
    expect(over.statusCode).toBe(429);
    expect(over.json().detail).toMatch(/^Troppi tentativi/);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(3000);
    expect(await storedFiles()).toBe(0);
    ctx().setNow(new Date(NOW.getTime() + 61 * 60 * 1000));
    expect((await sendPhoto(id, photo)).statusCode).toBe(200);
    expect(await storedFiles()).toBe(1);
  });
});
