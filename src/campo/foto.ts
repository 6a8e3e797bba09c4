/**
 * A photo from the phone's camera, made smaller on the phone before it is uploaded (issue 33): at
 * most 1600 px on its longer side, JPEG. Sending the camera's 12-megapixel original over a field
 * connection takes minutes; the server re-encodes it anyway without metadata (lib/images.ts).
 */
export const FOTO_LATO_MAX = 1600;

/** The size it is drawn at: the longer side at most `max`, never enlarged. */
export function dimensioniRidotte(w: number, h: number, max = FOTO_LATO_MAX): { w: number; h: number } {
  const k = Math.min(1, max / Math.max(w, h));
  return { w: Math.max(1, Math.round(w * k)), h: Math.max(1, Math.round(h * k)) };
}

export async function riduciFoto(file: Blob, max = FOTO_LATO_MAX): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  const { w, h } = dimensioniRidotte(bitmap.width, bitmap.height, max);
  const canvas = document.createElement("canvas");
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("Impossibile elaborare la foto");
  ctx.drawImage(bitmap, 0, 0, w, h);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("Impossibile elaborare la foto"))), "image/jpeg", 0.85),
  );
}
