/** Product and company names shown in the header, footer and public pages. */
export const BRAND = {
  product: "Vigilanza ERP",
  tagline: "Gestionale per istituti di vigilanza privata",
  company: "Istituto di Vigilanza",
} as const;

export function copyright(year = new Date().getFullYear()): string {
  return `© ${year} ${BRAND.product} — ${BRAND.company}`;
}
