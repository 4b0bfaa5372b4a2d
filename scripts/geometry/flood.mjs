// Painting provinces from their seeds so that the drawing can only show borders the map's graph allows.
//
// Every seed floods outwards over the pixels of its kind (land or water), nearest first, as a Voronoi partition
// would; a pixel is taken by the first wave that reaches it and may take it: one whose province the pixel's
// country allows, and that may touch every province already painted around the pixel (the two are adjacent in
// the graph). A pixel no wave may take stays unclaimed: between two provinces that are not adjacent, a thin
// strip of unclaimed land or water keeps them apart. Every painted piece is connected to one of its seeds.

/** A binary min-heap of (key, pixel, seed) entries in typed arrays, growing as needed. */
class Queue {
  constructor(capacity) {
    this.keys = new Float32Array(capacity);
    this.pixels = new Int32Array(capacity);
    this.seeds = new Int32Array(capacity);
    this.size = 0;
  }
  push(key, pixel, seed) {
    if (this.size === this.keys.length) this.grow();
    let i = this.size++;
    const { keys, pixels, seeds } = this;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent] <= key) break;
      keys[i] = keys[parent];
      pixels[i] = pixels[parent];
      seeds[i] = seeds[parent];
      i = parent;
    }
    keys[i] = key;
    pixels[i] = pixel;
    seeds[i] = seed;
  }
  /** Removes the smallest entry; returns its pixel and sets `this.seed`. */
  pop() {
    const { keys, pixels, seeds } = this;
    const pixel = pixels[0];
    this.seed = seeds[0];
    const n = --this.size;
    const key = keys[n];
    const px = pixels[n];
    const sd = seeds[n];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && keys[child + 1] < keys[child]) child++;
      if (keys[child] >= key) break;
      keys[i] = keys[child];
      pixels[i] = pixels[child];
      seeds[i] = seeds[child];
      i = child;
    }
    keys[i] = key;
    pixels[i] = px;
    seeds[i] = sd;
    return pixel;
  }
  grow() {
    const n = this.keys.length * 2;
    for (const name of ['keys', 'pixels', 'seeds']) {
      const old = this[name];
      const next = new old.constructor(n);
      next.set(old);
      this[name] = next;
    }
  }
}

/**
 * Floods `labels` (Int16Array; `unclaimed` where free, anything else fixed) from `seeds` ({ pixel, label, x, y }).
 * `mayTake(pixel, label)`: the pixel's kind and country allow the label. `mayTouch(a, b)`: labels a and b may
 * share a border (checked against the 8 pixels around, so that no corner contact slips through either).
 * `reach(label)`: how far (pixels) a seed of the label floods at most; farther pixels stay unclaimed.
 */
export function floodFromSeeds(labels, width, height, seeds, unclaimed, mayTake, mayTouch, reach = () => Infinity) {
  const queue = new Queue(1 << 20);
  seeds.forEach((s, k) => queue.push(0, s.pixel, k));
  const N = width * height;
  while (queue.size > 0) {
    const key = queue.keys[0];
    const i = queue.pop();
    if (labels[i] !== unclaimed) continue;
    const s = seeds[queue.seed];
    const l = s.label;
    if (key > reach(l) || !mayTake(i, l)) continue;
    const x = i % width;
    const y = (i - x) / width;
    let ok = true;
    for (let dy = -1; dy <= 1 && ok; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= height) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        if (xx < 0 || xx >= width) continue;
        const m = labels[yy * width + xx];
        if (m !== unclaimed && m !== l && !mayTouch(l, m)) {
          ok = false;
          break;
        }
      }
    }
    if (!ok) continue;
    labels[i] = l;
    for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
      if (j < 0 || j >= N || labels[j] !== unclaimed) continue;
      const jx = (j % width) + 0.5;
      const jy = Math.floor(j / width) + 0.5;
      queue.push(Math.hypot(jx - s.x, jy - s.y), j, queue.seed);
    }
  }
}

/**
 * Pixels of labels a and b that touch (4-neighbour) where `mayTouch(a, b)` fails are given `gap(pixel)`, until no
 * such contact is left: a last guard after steps that move labels (removing diagonal contacts).
 */
export function separateForbidden(labels, width, height, mayTouch, gap) {
  let changed = 0;
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    for (const j of [x < width - 1 ? i + 1 : -1, i + width < width * height ? i + width : -1]) {
      if (j < 0) continue;
      const a = labels[i];
      const b = labels[j];
      if (a !== b && !mayTouch(a, b)) {
        labels[j] = gap(j);
        changed++;
      }
    }
  }
  return changed;
}
