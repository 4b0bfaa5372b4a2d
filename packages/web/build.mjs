// Builds the web client into dist/www: one IIFE bundle per page (so sandbox.html also works opened as a file),
// the pages and the stylesheet, and the DATC data for the gallery as a script (no fetch, works offline too).
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'dist', 'www');
mkdirSync(out, { recursive: true });

const pages = ['sandbox', 'gallery', 'lobby', 'game'].filter((p) => {
  try {
    return statSync(join(here, 'src', `${p}.ts`)).isFile();
  } catch {
    return false;
  }
});
// The variants' art (40-140 KiB each) stays out of the bundles: a page fetches the art of the map it shows from
// GET /api/maps/{map}/art.json (common.ts, useMapArt); only the standard map's art is bundled, for a fast first
// board. Each variant's geometry file reads as null here, which the core takes as "no bundled art".
const variantArtLeftOut = {
  name: 'variant-art-left-out',
  setup(b) {
    b.onResolve({ filter: /[\\/]map[\\/]variants[\\/][a-z0-9]+\.geometry\.json$/ }, (args) => ({
      path: args.path,
      namespace: 'variant-art-left-out',
    }));
    b.onLoad({ filter: /.*/, namespace: 'variant-art-left-out' }, () => ({ contents: 'null', loader: 'json' }));
  },
};
await build({
  plugins: [variantArtLeftOut],
  entryPoints: pages.map((p) => join(here, 'src', `${p}.ts`)),
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2022',
  outdir: out,
  logLevel: 'warning',
});
for (const f of readdirSync(join(here, 'static'))) copyFileSync(join(here, 'static', f), join(out, f));

const data = join(here, '..', '..', 'test', 'data');
const datc = {
  cases: JSON.parse(readFileSync(join(data, 'datc-v3.2.json'), 'utf8')).cases,
  alternatives: JSON.parse(readFileSync(join(data, 'datc-alternatives.json'), 'utf8')).alternatives,
  errata: readFileSync(join(data, 'datc-errata.json'), 'utf8'),
};
writeFileSync(join(out, 'datc-data.js'), `globalThis.dipkitDatc=${JSON.stringify(datc)};\n`);

const sizes = readdirSync(out)
  .filter((f) => f.endsWith('.js'))
  .map((f) => `${f} ${(statSync(join(out, f)).size / 1024).toFixed(0)} KiB`);
console.log(`web: dist/www: ${sizes.join(', ')}`);
