// Tracing a label grid into shared arcs: every border between two labels (or a label and the frame) is one
// chain of pixel edges between junctions (corners where three or more labels meet), stored once and used by
// the regions on both sides, as in TopoJSON.

/**
 * Removes diagonal contacts: wherever two pixels of one label touch only at a corner (with two other labels
 * across the other diagonal), one of the other pixels takes that label, so every label is a clean region
 * around every corner and rings can be followed without ambiguity.
 */
export function removeDiagonalContacts(labels, width, height) {
  let changed = 0;
  for (let pass = 0; pass < 10; pass++) {
    let now = 0;
    for (let y = 0; y + 1 < height; y++) {
      for (let x = 0; x + 1 < width; x++) {
        const i = y * width + x;
        const a = labels[i];
        const b = labels[i + 1];
        const c = labels[i + width];
        const d = labels[i + width + 1];
        if (a === d && b !== a && c !== a) {
          labels[i + 1] = a;
          now++;
        } else if (b === c && a !== b && d !== b) {
          labels[i] = b;
          now++;
        }
      }
    }
    changed += now;
    if (now === 0) break;
  }
  return changed;
}

/**
 * Arcs of a label grid. Returns { arcs, rings }: arcs as lists of [x, y] corner points (raster units) with the
 * labels on their right and left (screen coordinates, y down); rings[label] = list of rings, each a list of
 * arc references (i, or ~i for arc i reversed) that keep the label on the right (outer rings clockwise on
 * screen, holes counter-clockwise), grouped into polygons [outer, ...holes].
 */
export function traceArcs(labels, width, height) {
  const at = (x, y) => (x < 0 || y < 0 || x >= width || y >= height ? -1 : labels[y * width + x]);
  const cw = width + 1;
  // Boundary edges: horizontal h(x, y) from corner (x, y) to (x+1, y); vertical v(x, y) from (x, y) to (x, y+1).
  const hb = new Uint8Array(width * (height + 1));
  const vb = new Uint8Array(cw * height);
  for (let y = 0; y <= height; y++) for (let x = 0; x < width; x++) hb[y * width + x] = at(x, y - 1) !== at(x, y) ? 1 : 0;
  for (let y = 0; y < height; y++) for (let x = 0; x <= width; x++) vb[y * cw + x] = at(x - 1, y) !== at(x, y) ? 1 : 0;
  const edgesAt = (x, y) => {
    // Boundary edges at corner (x, y) as [kind, index, towards x, towards y].
    const out = [];
    if (x > 0 && hb[y * width + x - 1]) out.push(['h', y * width + x - 1, x - 1, y]);
    if (x < width && hb[y * width + x]) out.push(['h', y * width + x, x + 1, y]);
    if (y > 0 && vb[(y - 1) * cw + x]) out.push(['v', (y - 1) * cw + x, x, y - 1]);
    if (y < height && vb[y * cw + x]) out.push(['v', y * cw + x, x, y + 1]);
    return out;
  };
  const seenH = new Uint8Array(hb.length);
  const seenV = new Uint8Array(vb.length);
  const seen = (kind, idx) => (kind === 'h' ? seenH[idx] : seenV[idx]);
  const mark = (kind, idx) => (kind === 'h' ? (seenH[idx] = 1) : (seenV[idx] = 1));
  const isJunction = (x, y) => edgesAt(x, y).length >= 3;
  // The labels right and left of a step from (x0, y0) to (x1, y1).
  const sides = (x0, y0, x1, y1) => {
    if (x1 > x0) return [at(x0, y0), at(x0, y0 - 1)];
    if (x1 < x0) return [at(x1, y0 - 1), at(x1, y0)];
    if (y1 > y0) return [at(x0 - 1, y0), at(x0, y0)];
    return [at(x0, y1), at(x0 - 1, y1)];
  };
  const arcs = [];
  const walk = (x, y, first) => {
    const points = [[x, y]];
    let [kind, idx, nx, ny] = first;
    const [right, left] = sides(x, y, nx, ny);
    for (;;) {
      mark(kind, idx);
      points.push([nx, ny]);
      if (isJunction(nx, ny)) break;
      const next = edgesAt(nx, ny).find(([k, i]) => !seen(k, i));
      if (!next) break; // back at the start of a closed loop
      [kind, idx, nx, ny] = next;
    }
    arcs.push({ points, right, left });
  };
  for (let y = 0; y <= height; y++) {
    for (let x = 0; x <= width; x++) {
      if (!isJunction(x, y)) continue;
      for (const e of edgesAt(x, y)) if (!seen(e[0], e[1])) walk(x, y, e);
    }
  }
  // Closed loops without a junction (an island inside one sea, a lake inside one province).
  for (let y = 0; y <= height; y++) {
    for (let x = 0; x <= width; x++) {
      for (const e of edgesAt(x, y)) if (!seen(e[0], e[1])) walk(x, y, e);
    }
  }
  return { arcs, polygons: assemble(arcs) };
}

const key = ([x, y]) => `${x},${y}`;

/** Rings of every label from the arcs, keeping the label on the right, grouped into polygons. */
function assemble(arcs) {
  const byLabel = new Map();
  arcs.forEach((arc, i) => {
    for (const [label, ref, from, to] of [
      [arc.right, i, arc.points[0], arc.points.at(-1)],
      [arc.left, ~i, arc.points.at(-1), arc.points[0]],
    ]) {
      if (label < 0) continue;
      if (!byLabel.has(label)) byLabel.set(label, []);
      byLabel.get(label).push({ ref, from: key(from), to: key(to) });
    }
  });
  const polygons = new Map();
  for (const [label, refs] of byLabel) {
    const starting = new Map();
    for (const r of refs) {
      if (!starting.has(r.from)) starting.set(r.from, []);
      starting.get(r.from).push(r);
    }
    const used = new Set();
    const rings = [];
    for (const r of refs) {
      if (used.has(r)) continue;
      const ring = [];
      let cur = r;
      for (;;) {
        used.add(cur);
        ring.push(cur.ref);
        if (cur.to === r.from) break;
        const next = (starting.get(cur.to) ?? []).find((n) => !used.has(n));
        if (!next) throw new Error(`label ${label}: ring does not close at ${cur.to}`);
        cur = next;
      }
      rings.push(ring);
    }
    const pts = (ring) => ring.flatMap((ref) => (ref >= 0 ? arcs[ref].points : [...arcs[~ref].points].reverse()));
    const outers = [];
    const holes = [];
    for (const ring of rings) {
      const p = pts(ring);
      const area = signedArea(p);
      (area > 0 ? outers : holes).push({ ring, p, area });
    }
    const groups = outers.map((o) => [o.ring]);
    for (const h of holes) {
      // A pixel centre just inside the hole's rim, on the label's side.
      const ref = h.ring[0];
      const a = ref >= 0 ? arcs[ref].points : [...arcs[~ref].points].reverse();
      const [x0, y0] = a[0];
      const [x1, y1] = a[1];
      const dx = x1 - x0;
      const dy = y1 - y0;
      const probe = [(x0 + x1) / 2 - dy / 2, (y0 + y1) / 2 + dx / 2];
      let best = -1;
      outers.forEach((o, k) => {
        if (inside(probe, o.p) && (best < 0 || o.area < outers[best].area)) best = k;
      });
      if (best < 0) throw new Error(`label ${label}: hole outside every outer ring`);
      groups[best].push(h.ring);
    }
    polygons.set(label, groups);
  }
  return polygons;
}

export function signedArea(p) {
  let s = 0;
  for (let i = 0; i < p.length; i++) {
    const [x0, y0] = p[i];
    const [x1, y1] = p[(i + 1) % p.length];
    s += x0 * y1 - x1 * y0;
  }
  return s / 2;
}

export function inside([x, y], p) {
  let c = false;
  for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
    const [xi, yi] = p[i];
    const [xj, yj] = p[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}

/**
 * Smooths a traced chain (pixel staircase) and simplifies it: the chain is replaced by the midpoints of its
 * unit steps (ends kept), then Douglas-Peucker with `tolerance`. Closed loops keep at least four points.
 */
export function simplifyChain(points, tolerance) {
  const closed = points.length > 2 && key(points[0]) === key(points.at(-1));
  let mids = [];
  for (let i = 0; i + 1 < points.length; i++) {
    mids.push([(points[i][0] + points[i + 1][0]) / 2, (points[i][1] + points[i + 1][1]) / 2]);
  }
  if (closed) {
    mids.push(mids[0]);
  } else {
    mids = [points[0], ...mids, points.at(-1)];
  }
  if (!closed) return douglasPeucker(mids, tolerance);
  // A loop: split at the point farthest from the start, simplify both halves.
  let far = 1;
  let farD = -1;
  for (let i = 1; i < mids.length - 1; i++) {
    const d = (mids[i][0] - mids[0][0]) ** 2 + (mids[i][1] - mids[0][1]) ** 2;
    if (d > farD) {
      farD = d;
      far = i;
    }
  }
  const a = douglasPeucker(mids.slice(0, far + 1), tolerance);
  const b = douglasPeucker(mids.slice(far), tolerance);
  const loop = [...a, ...b.slice(1)];
  if (loop.length < 5) {
    // Too few corners to stay an area: keep four evenly spaced points.
    const n = mids.length - 1;
    return [0, 1, 2, 3, 0].map((k) => mids[Math.floor((k * n) / 4) % n]);
  }
  return loop;
}

function douglasPeucker(points, tolerance) {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop();
    const [ax, ay] = points[a];
    const [bx, by] = points[b];
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    let far = -1;
    let farD = tolerance;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i];
      let d;
      if (len2 === 0) d = Math.hypot(px - ax, py - ay);
      else {
        const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
        d = Math.hypot(px - ax - t * dx, py - ay - t * dy);
      }
      if (d > farD) {
        farD = d;
        far = i;
      }
    }
    if (far >= 0) {
      keep[far] = 1;
      stack.push([a, far], [far, b]);
    }
  }
  return points.filter((_, i) => keep[i]);
}
