import { shapeDiff, shapeOf } from "./shape";

describe("shapeDiff", () => {
  it("agrees on equal shapes whatever the values", () => {
    expect(shapeDiff(shapeOf({ a: 1, b: [{ c: "x" }] }), shapeOf({ a: 2, b: [{ c: "y" }] }))).toEqual([]);
  });
  it("finds different types and keys on one side only", () => {
    expect(shapeDiff(shapeOf({ a: 1 }), shapeOf({ a: "1" }))).toEqual(['$.a: "number" ≠ "string"']);
    expect(shapeDiff(shapeOf({ a: 1, z: true }), shapeOf({ a: 1 }))).toEqual(["$.z: solo nel server reale"]);
    expect(shapeDiff(shapeOf({ a: 1 }), shapeOf({ a: 1, z: true }))).toEqual(["$.z: solo nel mock"]);
    expect(shapeDiff(shapeOf({ l: [{ a: 1 }] }), shapeOf({ l: [{ a: 1, b: 2 }] }))).toEqual(["$.l[].b: solo nel mock"]);
  });
  it("lets null match anything and an empty array match any array", () => {
    expect(shapeDiff(shapeOf({ a: null }), shapeOf({ a: "2026-01-01" }))).toEqual([]);
    expect(shapeDiff(shapeOf({ l: [] }), shapeOf({ l: [{ a: 1 }] }))).toEqual([]);
    expect(shapeDiff(shapeOf({ l: 1 }), shapeOf({ l: [1] }))).toEqual(['$.l: "number" ≠ ["number"]']);
  });
});
