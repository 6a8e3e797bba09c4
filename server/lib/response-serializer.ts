/**
 * The server's response serializer: a route's zod schema compiled once into a JSON writer
 * (json-writer.ts) that sends the schema's keys only, with zod's serializer (fastify-type-provider-
 * zod) behind it for every answer the writer does not take — a schema it does not handle, or a value
 * that does not match, where zod gives its own answer or its error as before.
 */
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";
import { compileJsonWriter } from "./json-writer";

type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

const isZod = (s: unknown): s is z.ZodType => typeof s === "object" && s !== null && "_zod" in s;

export function responseSerializerCompiler(route: RouteSchema): (data: unknown) => string {
  const zod = zodSerializerCompiler(route);
  const write = isZod(route.schema) ? compileJsonWriter(route.schema) : null;
  if (!write) return zod;
  return (data) => write(data) ?? zod(data);
}
