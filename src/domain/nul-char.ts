/**
 * The NUL character (U+0000) is refused in every text the API receives: PostgreSQL cannot store
 * it in text or jsonb (it raises 22021 / 22P05) and no field has a use for it. One rule, applied
 * by the server to every body, query and path parameter before validation (server/plugins/
 * input-guard.ts), and open to the SPA's forms.
 */

export const CARATTERE_NUL_NON_AMMESSO = "Il testo contiene un carattere non ammesso (NUL)";

export const hasNul = (text: string): boolean => text.includes("\u0000");

interface Node {
  value: unknown;
  key: string | number | null;
  parent: Node | null;
}

function pathOf(node: Node | null): (string | number)[] {
  const path: (string | number)[] = [];
  for (let n = node; n && n.key !== null; n = n.parent) path.push(n.key);
  return path.reverse();
}

/**
 * The path of the first string, or object key, holding U+0000 in a parsed JSON value; null when
 * there is none (for a key, the path of the object holding it). Walked without recursion and
 * without copying paths, so no nesting depth or size of a body can exhaust the stack or the time.
 */
export function findNul(value: unknown): (string | number)[] | null {
  const stack: Node[] = [{ value, key: null, parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === "string") {
      if (hasNul(v)) return pathOf(node);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: node });
    } else if (v !== null && typeof v === "object") {
      const keys = Object.keys(v);
      if (keys.some(hasNul)) return pathOf(node);
      for (let i = keys.length - 1; i >= 0; i--)
        stack.push({ value: (v as Record<string, unknown>)[keys[i]], key: keys[i], parent: node });
    }
  }
  return null;
}
