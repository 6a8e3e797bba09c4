/**
 * compileJsonWriter(schema): a function that writes a value as the JSON text of what zod's
 * `encode(schema, value)` returns — the schema's keys only, in the schema's order — or answers
 * `undefined` when the value does not match the schema (the caller then lets zod decide: its
 * error, or its answer where this writer is stricter than zod).
 *
 * Why: the response serializer of fastify-type-provider-zod builds a parsed copy of every answer
 * with zod (issue arrays, payload objects, a new object per row) and then JSON.stringify-es it. The
 * writer walks the value once, checks each field's type as zod would and writes the text; it is
 * JavaScript generated once per schema, so each row's fields are read as plain properties, not by
 * a keyed lookup. CPU per page in a tight loop (server/bench/serialize-list.ts): a 10-row log page
 * 12.5 → 8.0 µs, a 25-row operators' page 32 → 26 µs (server/bench/NOTES.md, session 10).
 *
 * It handles the shapes our answers are made of: objects (unknown keys dropped, as zod's default),
 * arrays, string-keyed records, unions (first option that matches, as zod), nullable, optional,
 * string, number (finite; `.int()` safe integers), boolean, null, literal, enum, unknown and any.
 * A schema holding anything else — a check on a string or an array, a string format, coercion,
 * defaults, transforms, pipes, lazy, dates — gets `null`: the route keeps zod's serializer.
 */
import type { z } from "zod";

export type JsonWriter = (value: unknown) => string | undefined;

interface ZodDef {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string } } }[];
  format?: string;
  coerce?: boolean;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
}

interface ZodInternals {
  def: ZodDef;
  values?: Set<unknown>;
  optin?: string;
  optout?: string;
}

const zodOf = (s: z.ZodType): ZodInternals => (s as unknown as { _zod: ZodInternals })._zod;

class Unsupported extends Error {}

/** True when zod accepts `undefined` for the schema (its output is then `undefined` too). */
function acceptsUndefined(s: z.ZodType): boolean {
  const d = zodOf(s).def;
  switch (d.type) {
    case "optional":
    case "unknown":
    case "any":
    case "undefined":
      return true;
    case "nullable":
      return acceptsUndefined(d.innerType as z.ZodType);
    case "union":
      return (d.options ?? []).some(acceptsUndefined);
    default:
      return false;
  }
}

/** Builds the source of the writer functions; constants (enum values) are passed as `k[i]`. */
class Compiler {
  readonly fns: string[] = [];
  readonly consts: unknown[] = [];
  private readonly memo = new Map<z.ZodType, string>();
  private unions = 0;

  private constant(v: unknown): string {
    this.consts.push(v);
    return `k[${this.consts.length - 1}]`;
  }

  /**
   * Code that sets `out` to the JSON text of `v` (a variable name) under schema `s`, or returns
   * `undefined` from the enclosing function when `v` does not match. `v` is never `undefined`
   * here unless the schema is a leaf that accepts it (then `out` = undefined: the caller omits).
   */
  value(s: z.ZodType, v: string, out: string): string {
    const d = zodOf(s).def;
    if (d.coerce) throw new Unsupported("coerce");
    const checks = d.checks ?? [];
    switch (d.type) {
      case "string":
        if (checks.length || d.format) throw new Unsupported("string check");
        return `if (typeof ${v} !== "string") return; ${out} = JSON.stringify(${v});`;
      case "number": {
        const formats = [
          d.format,
          ...checks.map((c) => (c._zod.def.check === "number_format" ? c._zod.def.format : "?")),
        ];
        const rest = formats.filter((f) => f !== undefined && f !== "safeint");
        if (rest.length) throw new Unsupported("number check");
        const test = formats.includes("safeint") ? `Number.isSafeInteger(${v})` : `Number.isFinite(${v})`;
        return `if (typeof ${v} !== "number" || !${test}) return; ${out} = "" + ${v};`;
      }
      case "boolean":
        if (checks.length) throw new Unsupported("boolean check");
        return `if (${v} === true) ${out} = "true"; else if (${v} === false) ${out} = "false"; else return;`;
      case "null":
        return `if (${v} !== null) return; ${out} = "null";`;
      case "unknown":
      case "any":
        // zod passes it as it is; JSON.stringify of the whole answer writes it the same way.
        return `${out} = JSON.stringify(${v});`;
      case "literal":
      case "enum": {
        if (checks.length) throw new Unsupported("enum check");
        // The set zod itself checks the value against.
        const values = zodOf(s).values;
        if (!values || ![...values].every((x) => ["string", "number", "boolean"].includes(typeof x) || x === null))
          throw new Unsupported("literal value");
        return `if (!${this.constant(values)}.has(${v})) return; ${out} = JSON.stringify(${v});`;
      }
      case "nullable":
        return `if (${v} === null) ${out} = "null"; else { ${this.value(d.innerType as z.ZodType, v, out)} }`;
      case "optional":
        return `if (${v} === undefined) ${out} = undefined; else { ${this.value(d.innerType as z.ZodType, v, out)} }`;
      case "object":
      case "array":
      case "record":
      case "union":
        if (checks.length) throw new Unsupported(`${d.type} check`);
        return `${out} = ${this.fn(s)}(${v}); if (${out} === undefined) return;`;
      default:
        throw new Unsupported(d.type);
    }
  }

  /** The name of a function writing `s` (an object, array, record or union), or undefined. */
  private fn(s: z.ZodType): string {
    const known = this.memo.get(s);
    if (known) return known;
    const name = `w${this.memo.size}`;
    this.memo.set(s, name);
    const d = zodOf(s).def;
    let body: string;
    if (d.type === "object") body = this.object(d);
    else if (d.type === "array") body = this.array(d.element as z.ZodType);
    else if (d.type === "record") body = this.record(d);
    else body = this.union(d.options ?? []);
    this.fns.push(`function ${name}(o) {\n${body}\n}`);
    return name;
  }

  private object(d: ZodDef): string {
    if (d.catchall) throw new Unsupported("catchall");
    const shape = d.shape ?? {};
    if (Object.getOwnPropertySymbols(shape).length) throw new Unsupported("symbol key");
    const lines = [
      `if (typeof o !== "object" || o === null || Array.isArray(o)) return;`,
      `let s = "{", c = "", v, t;`,
    ];
    // Once a required key is written, every later key is known to follow a comma.
    let started = false;
    for (const key of Object.keys(shape)) {
      if (key === "__proto__") throw new Unsupported("__proto__");
      const field = shape[key];
      const internals = zodOf(field);
      if (internals.optin === "defaulted") throw new Unsupported("default");
      const prop = JSON.stringify(key);
      const label = (comma: boolean) => JSON.stringify(`${comma ? "," : ""}${JSON.stringify(key)}:`);
      lines.push(`v = o[${prop}];`);
      if (acceptsUndefined(field)) {
        // zod: an absent key passes only when the schema is optional in and out; a present
        // `undefined` passes when the schema accepts it, and JSON leaves the key out.
        const absentFails = !(internals.optin === "optional" && internals.optout === "optional");
        const write = started ? `s += ${label(true)} + t;` : `s += c + ${label(false)} + t; c = ",";`;
        lines.push(
          `if (v === undefined) { ${absentFails ? `if (!(${prop} in o)) return;` : ""} }`,
          `else { ${this.value(field, "v", "t")} if (t !== undefined) { ${write} } }`,
        );
      } else {
        const write = started ? `s += ${label(true)} + t;` : `s += c + ${label(false)} + t;`;
        lines.push(`if (v === undefined) return;`, `${this.value(field, "v", "t")} ${write}`);
        started = true;
      }
    }
    lines.push(`return s + "}";`);
    return lines.join("\n");
  }

  private array(element: z.ZodType): string {
    const undef = acceptsUndefined(element);
    return [
      `if (!Array.isArray(o)) return;`,
      `let s = "[", v, t;`,
      `for (let i = 0; i < o.length; i++) {`,
      `  v = o[i];`,
      // zod keeps an accepted `undefined` element, which JSON writes as null.
      undef
        ? `  if (v === undefined) t = "null"; else { ${this.value(element, "v", "t")} if (t === undefined) t = "null"; }`
        : `  if (v === undefined) return; ${this.value(element, "v", "t")}`,
      `  s += (i ? "," : "") + t;`,
      `}`,
      `return s + "]";`,
    ].join("\n");
  }

  private record(d: ZodDef): string {
    const key = zodOf(d.keyType as z.ZodType).def;
    if (key.type !== "string" || key.checks?.length || key.format || key.coerce) throw new Unsupported("record key");
    const value = d.valueType as z.ZodType;
    return [
      // zod wants a plain object; symbols would fail a string key. Anything else: zod decides.
      `if (typeof o !== "object" || o === null) return;`,
      `const p = Object.getPrototypeOf(o); if ((p !== Object.prototype && p !== null) || Object.getOwnPropertySymbols(o).length) return;`,
      `let s = "{", c = "", v, t;`,
      `for (const key of Object.keys(o)) {`,
      `  if (key === "__proto__") continue;`,
      `  v = o[key];`,
      acceptsUndefined(value)
        ? `  if (v === undefined) continue; ${this.value(value, "v", "t")} if (t === undefined) continue;`
        : `  if (v === undefined) return; ${this.value(value, "v", "t")}`,
      `  s += c + JSON.stringify(key) + ":" + t; c = ",";`,
      `}`,
      `return s + "}";`,
    ].join("\n");
  }

  private union(options: z.ZodType[]): string {
    // The first option that matches, as zod; each option in its own function so that a failed
    // one (`return;`) moves on to the next.
    const names = options.map((o) => {
      const name = `u${this.unions++}`;
      this.fns.push(`function ${name}(v) {\nlet t;\n${this.value(o, "v", "t")}\nreturn t === undefined ? U : t;\n}`);
      return name;
    });
    return ["let t;", ...names.map((n) => `t = ${n}(o); if (t !== undefined) return t === U ? undefined : t;`)].join(
      "\n",
    );
  }
}

/** The writer of `schema`, or null when the schema holds something the writer does not handle. */
export function compileJsonWriter(schema: z.ZodType): JsonWriter | null {
  const c = new Compiler();
  let body: string;
  try {
    body = c.value(schema, "v", "t");
  } catch (err) {
    if (err instanceof Unsupported) return null;
    throw err;
  }
  const source = `${c.fns.join("\n")}\nreturn function write(v) {\nlet t;\n${body}\nreturn t;\n};`;
  return new Function("k", "U", source)(c.consts, UNDEFINED_MATCH) as JsonWriter;
}

/** A union option that matched with `undefined` (an optional option): distinct from "no match". */
const UNDEFINED_MATCH = Symbol("undefined");
