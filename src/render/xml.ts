/** Small helpers for writing SVG text: escaping and numbers with at most one decimal. */

const SPECIAL = /[&<>"]/;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text or an attribute value with XML's special characters escaped. */
export function esc(text: string): string {
  return SPECIAL.test(text) ? text.replace(/[&<>"]/g, (c) => ESCAPES[c]!) : text;
}

/** A coordinate as SVG text: rounded to one decimal, no trailing ".0", never "-0". */
export function num(x: number): string {
  if (Number.isInteger(x)) return x === 0 ? '0' : String(x);
  const r = Math.round(x * 10) / 10;
  return r === 0 ? '0' : String(r);
}
