// Writing the geometry and art-data files readably: objects opened one key a line down to `depth`, everything
// deeper on one line, so a regenerated file diffs by province or arc.
export function compactJson(value, depth = 2, indent = '') {
  if (depth <= 0 || value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) return JSON.stringify(value);
  const inner = indent + ' ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => inner + compactJson(v, depth - 1, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${compactJson(v, depth - 1, inner)}`).join(',\n')}\n${indent}}`;
}
