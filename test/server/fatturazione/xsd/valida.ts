/**
 * Validates a FatturaPA file against the official schema kept here as test data: the Agenzia delle
 * Entrate's Schema_del_file_xml_FatturaPA_v1.2.2.xsd and the W3C xmldsig-core-schema.xsd it imports,
 * with libxml2's xmllint compiled to WebAssembly (npm xmllint-wasm: no native build, no Java).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { validateXML } from "xmllint-wasm";

const file = (fileName: string) => ({ fileName, contents: readFileSync(path.join(__dirname, fileName), "utf8") });
const SCHEMA = file("Schema_del_file_xml_FatturaPA_v1.2.2.xsd");
const XMLDSIG = file("xmldsig-core-schema.xsd");

/** The schema's complaints about the file ([] when it is valid). */
export async function erroriXsd(xml: string): Promise<string[]> {
  const r = await validateXML({
    xml: [{ fileName: "fattura.xml", contents: xml }],
    schema: [SCHEMA],
    preload: [XMLDSIG],
  });
  return r.valid ? [] : r.errors.map((e) => e.rawMessage);
}

/**
 * Many files in one run of xmllint (the schema compiled once: ~1 s a run on 2 CPUs, most of it the
 * schema): each file's complaints, in the order given.
 */
export async function erroriXsdTutti(xmls: string[]): Promise<string[][]> {
  const nomi = xmls.map((_, i) => `fattura-${i}.xml`);
  const r = await validateXML({
    xml: xmls.map((contents, i) => ({ fileName: nomi[i], contents })),
    schema: [SCHEMA],
    preload: [XMLDSIG],
  });
  const out = xmls.map((): string[] => []);
  if (r.valid) return out;
  for (const e of r.errors) {
    const i = e.loc ? nomi.indexOf(e.loc.fileName) : -1;
    // An error without its file counts against every file: never a false "valid".
    for (const k of i >= 0 ? [i] : out.keys()) out[k].push(e.rawMessage);
  }
  return out;
}
