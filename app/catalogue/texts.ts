/**
 * The sentences an island shows, resolved by the page on the server in the page's language (Paraglide) and passed
 * as a prop: the browser then downloads the texts of one language, and no message module. A sentence with a value
 * in it keeps its placeholder ('{price}'), filled in by `fill`.
 */
export const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
