/**
 * The body of a PUT, derived from the body of its POST: every field optional and WITHOUT its
 * default. zod 4 applies `.default()` inside `.partial()` — an omitted key gets its default —, so
 * `createObject.partial()` would reset every omitted field that has one (a price's surcharges to 0,
 * an item's quantity to 1). Here an omitted key stays omitted and the update leaves that column
 * alone: a PUT changes only the fields it names. The create object's refinements (checks on a
 * whole record) are not carried over; the update re-checks the merged record, or adds its own.
 *
 * Every update body of the API is one of these (or, for clients and candidates, the same all-nullish
 * schema as the POST); test/server/foundation/partial-update.test.ts holds each update route to it.
 */
import { z } from "zod";

type WithoutDefault<T> = T extends z.ZodDefault<infer I> ? I : T extends z.ZodPrefault<infer I> ? I : T;

export type UpdateShape<S extends z.ZodRawShape> = { [K in keyof S]: z.ZodOptional<WithoutDefault<S[K]>> };

/** The schema without the default (or prefault) that would fill an omitted value. */
function withoutDefault(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodPrefault)
    return withoutDefault(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodOptional) return withoutDefault(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodNullable) return withoutDefault(schema.unwrap() as z.ZodType).nullable();
  return schema;
}

/** The update object of a create object (or of its shape). */
export function updateSchema<S extends z.ZodRawShape>(create: z.ZodObject<S> | S): z.ZodObject<UpdateShape<S>> {
  const shape: z.ZodRawShape = create instanceof z.ZodObject ? create.shape : create;
  return z.object(
    Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, withoutDefault(s as z.ZodType).optional()])),
  ) as unknown as z.ZodObject<UpdateShape<S>>;
}
