/**
 * Uploaded images: checked by their header before any pixel is decoded, then re-encoded with
 * sharp one at a time per process (issue 30 item 7: a 160 KB, 49-megapixel PNG cost 13 s of CPU,
 * and four of them from one guard saturated both CPUs while staff logins waited 10–16 s — sharp
 * and scrypt share libuv's thread pool).
 *
 * - At most IMAGE_LIMITS.maxPixels: a phone photo is 12 MP (48–50 MP sensors save 12 MP unless
 *   asked), a 24 MP camera fits; more is refused from the header, before decoding.
 * - A decompression bomb — many pixels in few bytes — is refused by pixels per byte: a photo is
 *   2–10 px/byte, a flat screenshot a few tens; the probe's PNG was 306.
 * - Re-encoding runs in a BoundedQueue (one at a time, a few waiting, then 503 + Retry-After), with
 *   libvips on one thread and a deadline, and the result at most IMAGE_LIMITS.maxSide px on its
 *   long side (plenty for a document or an incident photo, a fraction of the encoding work).
 * - rotate() applies then drops the EXIF orientation; sharp writes no metadata unless asked, so
 *   EXIF/GPS/XMP/ICC never survive. JPEG stays JPEG, PNG and WebP become WebP (transparency kept).
 */
import sharp, { type Metadata } from "sharp";
import { BoundedQueue } from "./bounded-queue";
import { HttpError } from "./errors";

export const IMAGE_LIMITS = {
  maxPixels: 25_000_000,
  /** Below this size the pixels-per-byte check does not apply (a small image is cheap anyway). */
  bombCheckFromPixels: 4_000_000,
  maxPixelsPerByte: 100,
  maxSide: 4096,
  timeoutSeconds: 20,
} as const;

// libvips may use one thread per image operation: image work takes at most one CPU of the process.
sharp.concurrency(1);

const imageWork = new BoundedQueue({
  concurrency: 1,
  maxWaiting: 4,
  retryAfterSeconds: 10,
  busy: "Il server sta elaborando altre immagini. Riprova tra qualche secondo.",
});

const unreadable = () =>
  new HttpError(400, "L'immagine è danneggiata o non leggibile", { file: "L'immagine è danneggiata o non leggibile" });

const refused = (detail: string) => new HttpError(400, detail, { file: detail });

/** Refuses, from the header alone, an image too large or too compressed to be a photo. */
export async function checkImageHeader(data: Buffer): Promise<void> {
  let meta: Metadata;
  try {
    meta = await sharp(data).metadata();
  } catch {
    throw unreadable();
  }
  if (!meta.width || !meta.height) throw unreadable();
  const pixels = meta.width * meta.height * (meta.pages ?? 1);
  if (pixels > IMAGE_LIMITS.maxPixels) {
    throw refused(`L'immagine è troppo grande: al massimo ${IMAGE_LIMITS.maxPixels / 1_000_000} megapixel`);
  }
  if (pixels > IMAGE_LIMITS.bombCheckFromPixels && pixels / data.length > IMAGE_LIMITS.maxPixelsPerByte) {
    throw refused("L'immagine non è accettata: troppi pixel per la dimensione del file");
  }
}

/** Checks the header, then re-encodes the image in the bounded queue (503 when it is full). */
export async function reencodeImage(data: Buffer, mime: string): Promise<{ data: Buffer; mime: string }> {
  await checkImageHeader(data);
  return imageWork.run(async () => {
    try {
      const img = sharp(data, { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: "error" })
        .timeout({ seconds: IMAGE_LIMITS.timeoutSeconds })
        .rotate()
        .resize({
          width: IMAGE_LIMITS.maxSide,
          height: IMAGE_LIMITS.maxSide,
          fit: "inside",
          withoutEnlargement: true,
        });
      if (mime === "image/jpeg") return { data: await img.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), mime };
      return { data: await img.webp({ quality: 85 }).toBuffer(), mime: "image/webp" };
    } catch {
      throw unreadable();
    }
  });
}
