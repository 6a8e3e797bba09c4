/**
 * compileJsonWriter(schema): a function that writes a value as the JSON text zod's serializer
 * writes — `JSON.stringify(encode(schema, value))`: the schema's keys only, in the schema's order —
 * or answers `undefined` when the value does not match the schema (the caller then lets zod
 * decide: its error, or its answer where this writer is stricter than zod).
 *
 * How: JavaScript generated once per schema checks each field's type as zod does and builds the
 * same copy zod would (plain object literals, the schema's keys read as plain properties), without
 * zod's payloads, issue arrays and per-key bookkeeping; then one JSON.stringify writes it. CPU per
 * page in a tight loop, the text's bytes counted as the server does (server/bench/serialize-list.ts):
 * a 10-row log page 14.0 → 10.4 µs (JSON.stringify alone 9.7), a 25-row operators' page 31.9 → 24.5
 * µs (21.6) (server/bench/NOTES.md, session 10). Writing the text piece by piece instead was slower
 * once the pieces are joined.
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

/**
 * Builds the source of the copying functions. Generated code returns `F` (a unique symbol) for a
 * value that does not match; constants (enum values) are passed as `k[i]`.
 */
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
   * Code that sets `out` to zod's output for `v` (a variable name) under schema `s`, or returns
   * `F` from the enclosing function when `v` does not match.
   */
  value(s: z.ZodType, v: string, out: string): string {
    const d = zodOf(s).def;
    if (d.coerce) throw new Unsupported("coerce");
    const checks = d.checks ?? [];
    switch (d.type) {
      case "string":
        if (checks.length || d.format) throw new Unsupported("string check");
        return `if (typeof ${v} !== "string") return F; ${out} = ${v};`;
      case "number": {
        const formats = [
          d.format,
          ...checks.map((c) => (c._zod.def.check === "number_format" ? c._zod.def.format : "?")),
        ];
        if (formats.some((f) => f !== undefined && f !== "safeint")) throw new Unsupported("number check");
        const test = formats.includes("safeint") ? `Number.isSafeInteger(${v})` : `Number.isFinite(${v})`;
        return `if (typeof ${v} !== "number" || !${test}) return F; ${out} = ${v};`;
      }
      case "boolean":
        if (checks.length) throw new Unsupported("boolean check");
        return `if (typeof ${v} !== "boolean") return F; ${out} = ${v};`;
      case "null":
        return `if (${v} !== null) return F; ${out} = null;`;
      case "unknown":
      case "any":
        // zod passes it as it is.
        return `${out} = ${v};`;
      case "literal":
      case "enum": {
        if (checks.length) throw new Unsupported("enum check");
        // The set zod itself checks the value against.
        const values = zodOf(s).values;
        if (!values || ![...values].every((x) => ["string", "number", "boolean"].includes(typeof x) || x === null))
          throw new Unsupported("literal value");
        return `if (!${this.constant(values)}.has(${v})) return F; ${out} = ${v};`;
      }
      case "nullable":
        return `if (${v} === null) ${out} = null; else { ${this.value(d.innerType as z.ZodType, v, out)} }`;
      case "optional":
        return `if (${v} === undefined) ${out} = undefined; else { ${this.value(d.innerType as z.ZodType, v, out)} }`;
      case "object":
      case "array":
      case "record":
      case "union":
        if (checks.length) throw new Unsupported(`${d.type} check`);
        return `${out} = ${this.fn(s)}(${v}); if (${out} === F) return F;`;
      default:
        throw new Unsupported(d.type);
    }
  }

  /** The name of the function copying `s` (an object, array, record or union). */
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
    const lines = [`if (typeof o !== "object" || o === null || Array.isArray(o)) return F;`, `let v;`];
    const props: string[] = [];
    Object.keys(shape).forEach((key, i) => {
      if (key === "__proto__") throw new Unsupported("__proto__");
      const field = shape[key];
      const internals = zodOf(field);
      if (internals.optin === "defaulted") throw new Unsupported("default");
      const prop = JSON.stringify(key);
      const a = `a${i}`;
      lines.push(`let ${a}; v = o[${prop}];`);
      if (acceptsUndefined(field)) {
        // zod: an absent key passes only when the schema is optional in and out; a present
        // `undefined` passes when the schema accepts it. Either way the copy holds undefined,
        // which JSON.stringify leaves out, as it does zod's.
        const absentFails = !(internals.optin === "optional" && internals.optout === "optional");
        lines.push(
          `if (v === undefined) { ${absentFails ? `if (!(${prop} in o)) return F;` : ""} }`,
          `else { ${this.value(field, "v", a)} }`,
        );
      } else {
        lines.push(`if (v === undefined) return F;`, this.value(field, "v", a));
      }
      props.push(`${prop}: ${a}`);
    });
    lines.push(`return {${props.join(", ")}};`);
    return lines.join("\n");
  }

  /** Code that sets `t` to zod's output for an element or a record's value `v` (an accepted undefined stays undefined). */
  private member(s: z.ZodType): string {
    return acceptsUndefined(s)
      ? `if (v === undefined) t = undefined; else { ${this.value(s, "v", "t")} }`
      : `if (v === undefined) return F; ${this.value(s, "v", "t")}`;
  }

  private array(element: z.ZodType): string {
    return [
      `if (!Array.isArray(o)) return F;`,
      `const r = new Array(o.length); let v, t;`,
      `for (let i = 0; i < o.length; i++) {`,
      `  v = o[i];`,
      // zod keeps an accepted `undefined` element, which JSON writes as null.
      `  ${this.member(element)}`,
      `  r[i] = t;`,
      `}`,
      `return r;`,
    ].join("\n");
  }

  private record(d: ZodDef): string {
    const key = zodOf(d.keyType as z.ZodType).def;
    if (key.type !== "string" || key.checks?.length || key.format || key.coerce) throw new Unsupported("record key");
    const value = d.valueType as z.ZodType;
    return [
      // zod wants a plain object; symbols would fail a string key. Anything else: zod decides.
      `if (typeof o !== "object" || o === null) return F;`,
      `const p = Object.getPrototypeOf(o);`,
      `if ((p !== Object.prototype && p !== null) || Object.getOwnPropertySymbols(o).length) return F;`,
      `const r = {}; let v, t;`,
      `for (const key of Object.keys(o)) {`,
      `  if (key === "__proto__") continue;`,
      `  v = o[key];`,
      `  ${this.member(value)}`,
      `  r[key] = t;`,
      `}`,
      `return r;`,
    ].join("\n");
  }

  private union(options: z.ZodType[]): string {
    // The first option that matches, as zod; each option in its own function so that a failed
    // one (`return F`) moves on to the next.
    const names = options.map((o) => {
      const name = `u${this.unions++}`;
      this.fns.push(`function ${name}(v) {\nlet t;\n${this.value(o, "v", "t")}\nreturn t;\n}`);
      return name;
    });
    return ["let t;", ...names.map((n) => `t = ${n}(o); if (t !== F) return t;`), "return F;"].join("\n");
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
  const copy = new Function("k", "F", `${c.fns.join("\n")}\nreturn function copy(v) {\nlet t;\n${body}\nreturn t;\n};`)(
    c.consts,
    FAIL,
  ) as (value: unknown) => unknown;
  return (value) => {
    const out = copy(value);
    return out === FAIL ? undefined : JSON.stringify(out);
  };
}

/** What a generated function answers for a value that does not match its schema. */
const FAIL = Symbol("no match");
