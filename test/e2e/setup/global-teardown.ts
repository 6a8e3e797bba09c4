import fs from "node:fs";

export default async function globalTeardown() {
  const templateDir = (globalThis as any).__E2E_TEMPLATE_DIR__ as string | undefined;
  if (templateDir) fs.rmSync(templateDir, { recursive: true, force: true });
}
