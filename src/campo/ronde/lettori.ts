/**
 * Reading a checkpoint's tag on the phone (issue 34): the QR code from the camera — the browser's
 * BarcodeDetector where it exists, else jsQR on the camera's frames, loaded only then (it stays out
 * of the app's first load) — and the NFC tag with Web NFC where the phone has it (Chrome on Android).
 */

/** The parts of the Shape Detection API used here (not in TypeScript's DOM types yet). */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorCtor {
  new (opts: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?(): Promise<string[]>;
}
/** Web NFC's reader (Chrome on Android). */
interface NdefReaderLike {
  scan(opts?: { signal?: AbortSignal }): Promise<void>;
  onreading: ((e: { serialNumber: string; message: { records: NdefRecordLike[] } }) => void) | null;
  onreadingerror: (() => void) | null;
}
interface NdefRecordLike {
  recordType: string;
  data?: DataView;
  encoding?: string;
}

const g = globalThis as unknown as {
  BarcodeDetector?: BarcodeDetectorCtor;
  NDEFReader?: new () => NdefReaderLike;
};

export const nfcDisponibile = () => typeof g.NDEFReader === "function";
export const fotocameraDisponibile = () =>
  typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";

const caricaJsQr = () => import(/* webpackChunkName: "campo-jsqr" */ "jsqr");

/**
 * Loads jsQR ahead when the phone has no QR BarcodeDetector, as the Ronde screen opens (online,
 * usually): the module then stays in the page, so the camera reads codes later even offline. The
 * service worker precaches only the first load's files (the 200 kB budget of issue 33).
 */
export function precaricaDecodificatore(): void {
  const BD = g.BarcodeDetector;
  const check = BD?.getSupportedFormats ? BD.getSupportedFormats().catch(() => []) : Promise.resolve([] as string[]);
  check.then((f) => (f.includes("qr_code") ? undefined : caricaJsQr())).catch(() => {});
}

/** A frame → the QR's text, or null: BarcodeDetector when it reads QR codes, else jsQR (lazy). */
export async function creaDecodificatore(): Promise<(video: HTMLVideoElement) => Promise<string | null>> {
  const BD = g.BarcodeDetector;
  const formats = BD?.getSupportedFormats ? await BD.getSupportedFormats().catch(() => []) : [];
  if (BD && formats.includes("qr_code")) {
    const detector = new BD({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video).catch(() => []))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await caricaJsQr();
  const canvas = document.createElement("canvas");
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    if (!ctx || !video.videoWidth) return null;
    // at most 640 px wide: enough for a printed code, cheap enough for every frame
    const scala = Math.min(1, 640 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scala);
    canvas.height = Math.round(video.videoHeight * scala);
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(img.data, img.width, img.height, { inversionAttempts: "dontInvert" })?.data ?? null;
  };
}

/** The text of a tag's first text record, if it holds a checkpoint code ("RP-…"). */
function codiceDelTag(records: NdefRecordLike[]): string | null {
  for (const r of records) {
    if (r.recordType !== "text" || !r.data) continue;
    const testo = new TextDecoder(r.encoding ?? "utf-8").decode(r.data).trim();
    if (/^RP-/i.test(testo)) return testo;
  }
  return null;
}

/** Waits for one NFC tag: the code written on it, else its serial number. Abort to stop. */
export async function leggiNfc(signal: AbortSignal): Promise<string> {
  if (!g.NDEFReader) throw new Error("NFC non disponibile su questo telefono");
  const reader = new g.NDEFReader();
  return new Promise<string>((resolve, reject) => {
    reader.onreading = (e) => resolve(codiceDelTag(e.message.records) ?? e.serialNumber);
    reader.onreadingerror = () => reject(new Error("Tag NFC illeggibile: riavvicinare il telefono"));
    reader
      .scan({ signal })
      .catch((err: Error) =>
        reject(new Error(err.name === "NotAllowedError" ? "Permesso NFC negato" : "NFC non disponibile")),
      );
  });
}
