/**
 * Contract tests send the same requests to the msw handlers of mocks/ and to the real server and
 * compare the JSON SHAPES of the answers: keys and value types, recursively; null (or a missing
 * value) matches any type, an empty array matches any array.
 */
export type Shape = string | Shape[] | { [k: string]: Shape };

/** The shape of a JSON value: type names, arrays as the union of their elements' shapes. */
export function shapeOf(v: unknown): Shape {
  if (v === null || v === undefined) return "null";
  if (Array.isArray(v)) return [...new Map(v.map(shapeOf).map((s) => [JSON.stringify(s), s])).values()];
  if (typeof v === "object") {
    const out: Record<string, Shape> = {};
    for (const k of Object.keys(v as object).sort()) out[k] = shapeOf((v as Record<string, unknown>)[k]);
    return out;
  }
  return typeof v;
}

/** Differences between the real server's shape and the mock's, as paths; empty when they agree. */
export function shapeDiff(real: Shape, mock: Shape, path = "$"): string[] {
  if (real === "null" || mock === "null") return [];
  if (Array.isArray(real) || Array.isArray(mock)) {
    if (!Array.isArray(real) || !Array.isArray(mock))
      return [`${path}: ${JSON.stringify(real)} ≠ ${JSON.stringify(mock)}`];
    const out: string[] = [];
    for (const x of real) for (const y of mock) out.push(...shapeDiff(x, y, `${path}[]`));
    return [...new Set(out)];
  }
  if (typeof real === "string" || typeof mock === "string") {
    return real === mock ? [] : [`${path}: ${JSON.stringify(real)} ≠ ${JSON.stringify(mock)}`];
  }
  const out: string[] = [];
  for (const k of new Set([...Object.keys(real), ...Object.keys(mock)])) {
    if (!(k in real)) out.push(`${path}.${k}: solo nel mock`);
    else if (!(k in mock)) out.push(`${path}.${k}: solo nel server reale`);
    else out.push(...shapeDiff(real[k], mock[k], `${path}.${k}`));
  }
  return out;
}

/** Compares the shapes of two JSON values (real server first). */
export const jsonShapeDiff = (real: unknown, mock: unknown): string[] => shapeDiff(shapeOf(real), shapeOf(mock));
