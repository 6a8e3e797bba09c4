/** A page loaded on demand from a module's named export: `lazyPage(() => import("…"), "UsersPage")`. */
import { type ComponentType, lazy } from "react";

export type PageComponent = ComponentType<Record<string, never>>;

export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, exportName: keyof M & string) {
  return lazy(async () => ({ default: (await load())[exportName] as PageComponent }));
}
