import { findNul, hasNul } from "../../../src/domain/nul-char";

describe("findNul", () => {
  it("finds U+0000 in a value or a key at any depth, with its path", () => {
    expect(hasNul("a\u0000b")).toBe(true);
    expect(findNul("ok")).toBeNull();
    expect(findNul(undefined)).toBeNull();
    expect(findNul({ data: { nome: "Mario", turni: [{ note: "x" }, { note: "y\u0000" }] } })).toEqual([
      "data",
      "turni",
      1,
      "note",
    ]);
    expect(findNul({ data: { "k\u0000": 1 } })).toEqual(["data"]);
    expect(findNul({ a: 1, b: true, c: null, d: [2, 3] })).toBeNull();
  });

  it("walks a deeply nested body without overflowing the stack", () => {
    let deep: unknown = "fondo\u0000";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const path = findNul(deep);
    expect(path).toHaveLength(200_000);
    expect(path?.every((k) => k === 0)).toBe(true);
  });
});
