/**
 * Issue 30 item 7: image uploads cannot take the server's CPUs. A 49-megapixel PNG of a few KB
 * (the probe's decompression bomb) is refused from its header before a pixel is decoded; a
 * compressed-looking bomb under the pixel limit is refused by pixels per byte; a real photo is
 * re-encoded, at most 4096 px on its long side; image work waits in a bounded queue and past it
 * the client gets 503 with Retry-After.
 */
import sharp from "sharp";
import { BoundedQueue } from "../../../server/lib/bounded-queue";
import { HttpError } from "../../../server/lib/errors";
import { prepareFile } from "../../../server/lib/files";
import { IMAGE_LIMITS } from "../../../server/lib/images";
import { flatPng } from "../helpers/png";

async function refusal(p: Promise<unknown>): Promise<HttpError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(HttpError);
  return e as HttpError;
}

describe("immagini caricate", () => {
  it("refuses the probe's 49-megapixel PNG from its header", async () => {
    const bomb = flatPng(7000, 7000);
    expect(bomb.length).toBeLessThan(20_000);
    const e = await refusal(prepareFile({ data: bomb, allowed: ["image"] }));
    expect(e.statusCode).toBe(400);
    expect(e.detail).toBe("L'immagine è troppo grande: al massimo 25 megapixel");
    expect(e.errors).toEqual({ file: e.detail });
  });

  it("refuses an image under the pixel limit with far too many pixels per byte", async () => {
    const bomb = flatPng(4500, 4500); // 20 MP in a few KB
    const e = await refusal(prepareFile({ data: bomb, allowed: ["image"] }));
    expect(e.statusCode).toBe(400);
    expect(e.detail).toBe("L'immagine non è accettata: troppi pixel per la dimensione del file");
  });

  it("keeps a small flat image (a logo, a screenshot) and a real photo, the photo at most 4096 px wide", async () => {
    const small = flatPng(1500, 1000);
    expect((await prepareFile({ data: small, allowed: ["image"] })).mime).toBe("image/webp");

    const width = 5000;
    const height = 1000;
    const noise = Buffer.alloc(width * height * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const photo = await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const out = await prepareFile({ data: photo, allowed: ["image"] });
    expect(out.mime).toBe("image/jpeg");
    const meta = await sharp(out.data).metadata();
    expect([meta.width, meta.height]).toEqual([
      IMAGE_LIMITS.maxSide,
      Math.round((IMAGE_LIMITS.maxSide * height) / width),
    ]);
  });
});

describe("coda limitata", () => {
  it("runs one task at a time, lets one wait, refuses the next with 503 and Retry-After", async () => {
    const q = new BoundedQueue({ concurrency: 1, maxWaiting: 1, retryAfterSeconds: 7, busy: "Occupato, riprova." });
    const order: string[] = [];
    let finishFirst = () => {};
    const first = q.run(
      () =>
        new Promise<string>((resolve) => {
          order.push("first started");
          finishFirst = () => resolve("first");
        }),
    );
    const second = q.run(async () => {
      order.push("second started");
      return "second";
    });
    expect(q.size).toEqual({ running: 1, waiting: 1 });
    const e = await refusal(q.run(async () => "third"));
    expect(e.statusCode).toBe(503);
    expect(e.detail).toBe("Occupato, riprova.");
    expect(e.headers).toEqual({ "Retry-After": "7" });
    expect(order).toEqual(["first started"]);
    finishFirst();
    expect(await Promise.all([first, second])).toEqual(["first", "second"]);
    expect(order).toEqual(["first started", "second started"]);
    expect(q.size).toEqual({ running: 0, waiting: 0 });
  });

  it("frees the slot when a task fails", async () => {
    const q = new BoundedQueue({ concurrency: 1, maxWaiting: 0, retryAfterSeconds: 1, busy: "Occupato" });
    await expect(q.run(async () => Promise.reject(new Error("rotto")))).rejects.toThrow("rotto");
    expect(await q.run(async () => "ok")).toBe("ok");
  });
});
