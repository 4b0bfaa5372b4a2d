// Raster helpers for the geometry generator: the board is first painted as a grid of province labels (so
// that every pixel belongs to exactly one province or sea and borders are shared by construction), then
// traced into arcs (trace.mjs).

/** Paints the pixels whose centres lie inside `rings` (even-odd rule, raster coordinates) with `value`. */
export function fillRings(grid, width, height, rings, value) {
  const rows = new Map();
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i++) {
      const [x0, y0] = ring[i];
      const [x1, y1] = ring[(i + 1) % ring.length];
      if (y0 === y1) continue;
      const top = Math.max(0, Math.ceil(Math.min(y0, y1) - 0.5));
      const bottom = Math.min(height - 1, Math.ceil(Math.max(y0, y1) - 0.5) - 1);
      for (let y = top; y <= bottom; y++) {
        const yc = y + 0.5;
        const x = x0 + ((yc - y0) * (x1 - x0)) / (y1 - y0);
        let row = rows.get(y);
        if (!row) rows.set(y, (row = []));
        row.push(x);
      }
    }
  }
  for (const [y, xs] of rows) {
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, Math.ceil(xs[k] - 0.5));
      const to = Math.min(width - 1, Math.ceil(xs[k + 1] - 0.5) - 1);
      for (let x = from; x <= to; x++) grid[y * width + x] = value;
    }
  }
}

/**
 * Connected components (4-neighbour) of the pixels where `inside(i)` holds, neighbours `i` and `j` joined where
 * `joins(i, j)` holds (always, by default): returns an Int32Array of component numbers (-1 outside) and the size
 * of each component.
 */
export function components(width, height, inside, joins = () => true) {
  const comp = new Int32Array(width * height).fill(-1);
  const sizes = [];
  const stack = new Int32Array(width * height);
  for (let start = 0; start < width * height; start++) {
    if (comp[start] !== -1 || !inside(start)) continue;
    const id = sizes.length;
    let size = 0;
    let top = 0;
    stack[top++] = start;
    comp[start] = id;
    while (top > 0) {
      const i = stack[--top];
      size++;
      const x = i % width;
      const y = (i - x) / width;
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, y > 0 ? i - width : -1, y < height - 1 ? i + width : -1]) {
        if (j >= 0 && comp[j] === -1 && inside(j) && joins(i, j)) {
          comp[j] = id;
          stack[top++] = j;
        }
      }
    }
    sizes.push(size);
  }
  return { comp, sizes };
}

/**
 * Breadth-first spread of labels: every pixel where `passable(i)` holds and whose label is `unset` takes the
 * label of the nearest labelled pixel (4-neighbour steps) among those where `source(i)` holds.
 * Returns the step distance of every pixel (-1 never reached).
 */
export function spreadLabels(labels, width, height, source, passable, unset) {
  const dist = new Int32Array(width * height).fill(-1);
  const queue = new Int32Array(width * height);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < width * height; i++) {
    if (source(i)) {
      dist[i] = 0;
      queue[tail++] = i;
    }
  }
  while (head < tail) {
    const i = queue[head++];
    const x = i % width;
    const y = (i - x) / width;
    for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, y > 0 ? i - width : -1, y < height - 1 ? i + width : -1]) {
      if (j >= 0 && dist[j] === -1 && labels[j] === unset && passable(j)) {
        dist[j] = dist[i] + 1;
        labels[j] = labels[i];
        queue[tail++] = j;
      }
    }
  }
  return dist;
}

/**
 * Distance (in pixels, 8-neighbour chamfer) from every pixel to the nearest pixel of another label or to the
 * frame: how much room a province has around each of its points.
 */
export function roomMap(labels, width, height) {
  const d = new Float32Array(width * height);
  const big = 1e9;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const l = labels[i];
      const edge =
        x === 0 || y === 0 || x === width - 1 || y === height - 1 ||
        labels[i - 1] !== l || labels[i + 1] !== l || labels[i - width] !== l || labels[i + width] !== l;
      d[i] = edge ? 0.5 : big;
    }
  }
  const r2 = Math.SQRT2;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      d[i] = Math.min(d[i], d[i - 1] + 1, d[i - width] + 1, d[i - width - 1] + r2, d[i - width + 1] + r2);
    }
  }
  for (let y = height - 2; y > 0; y--) {
    for (let x = width - 2; x > 0; x--) {
      const i = y * width + x;
      d[i] = Math.min(d[i], d[i + 1] + 1, d[i + width] + 1, d[i + width + 1] + r2, d[i + width - 1] + r2);
    }
  }
  return d;
}

/**
 * The pieces of every region: connected components (4-neighbour) of pixels with the same label, numbered in
 * the order of their first pixel (row by row), so the numbering is deterministic. Returns the component of
 * every pixel, and the label and size of each component.
 */
export function labelPieces(labels, width, height) {
  const { comp, sizes } = components(width, height, () => true, (i, j) => labels[i] === labels[j]);
  const label = sizes.map(() => 0);
  for (let i = comp.length - 1; i >= 0; i--) label[comp[i]] = labels[i];
  return { comp, label, sizes };
}
