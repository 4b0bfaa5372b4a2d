// Labels of the art clear of every unit marker (the boxes of src/render/boxes.ts): a unit may stand at any location
// (every province, every coast, every piece of a province), and no province's abbreviation may lie under it.
// Used by generate.mjs once every anchor is placed.

/**
 * Places the label of every job ({ code, l, anchorPx, want, sc }, in map order): returns them by code (`placed`,
 * pixels) and the provinces whose label finds no place clear of every marker (`crowded`).
 * First, a province with no place for its label clear of every marker (too small for its label beside its unit)
 * has its anchor moved, nearest first, to where the label fits, unless that takes the last such place from another
 * province. Then each label goes where `placeAmong` puts it among the clear places (5 units of room, 14 from its
 * supply centre and anchor), near `want` (the art data's place, else the anchor), apart from the labels before it
 * and the supply-centre markers where it can be.
 */
export function placeLabels(ctx) {
  const { jobs, anchors, pieceAnchors, pixelsOf, room, unit, u, scale, pieceOf, dist2, placeAmong, placeNear } = ctx;
  const { labelBox, unitBox, unitBoxes, underMarker, overlaps } = ctx.boxes;
  const marker = (at) => ({ box: unitBox(at, u), parts: unitBoxes(at, u) });
  const markers = new Map();
  for (const [code, at] of Object.entries(anchors)) markers.set(code, marker(at));
  for (const [code, list] of Object.entries(pieceAnchors)) list.forEach((at, k) => markers.set(`${code}#${k + 2}`, marker(at)));
  // A label's point needs this much room to stay inside the traced, simplified outline of its province.
  const inside = 1.5 * scale;
  // Where each label could reach: its province's extent grown by a label's box. Only markers there matter.
  const reach = new Map();
  for (const job of jobs) {
    const box = labelBox([0, 0], u, job.code);
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const i of pixelsOf.get(job.l)) {
      const [x, y] = unit(i);
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    }
    reach.set(job.code, { x0: x0 + box.x0, y0: y0 + box.y0, x1: x1 + box.x1, y1: y1 + box.y1 });
  }
  const clearPixels = (job) => {
    const near = [...markers.values()].filter((m) => overlaps(reach.get(job.code), m.box));
    return pixelsOf.get(job.l).filter((i) => {
      if (room[i] < inside) return false;
      const box = labelBox(unit(i), u, job.code);
      return !near.some((m) => underMarker(box, m.parts));
    });
  };

  const crowded = [];
  // (A move that takes another province's last place is made only when nothing else works; that province then
  // moves in the next round.)
  for (let round = 0; round < 3; round++) for (const job of jobs) {
    if (clearPixels(job).length > 0) continue;
    const old = markers.get(job.code);
    const piece = pieceOf(job.anchorPx);
    const candidates = pixelsOf
      .get(job.l)
      .filter((i) => pieceOf(i) === piece && room[i] >= inside)
      .sort((a, b) => dist2(a, job.anchorPx) - dist2(b, job.anchorPx) || a - b);
    const takesLast = (m) =>
      jobs.some((o) => {
        if (o === job || !overlaps(reach.get(o.code), m.box) || clearPixels(o).length > 0) return false;
        markers.set(job.code, old);
        const had = clearPixels(o).length > 0;
        markers.set(job.code, m);
        return had;
      });
    const fits = (a) => {
      markers.set(job.code, marker(unit(a)));
      return clearPixels(job).length > 0;
    };
    const to = candidates.find((a) => fits(a) && !takesLast(markers.get(job.code))) ?? candidates.find(fits);
    if (to === undefined) {
      if (round < 2) {
        markers.set(job.code, old);
        continue;
      }
      markers.set(job.code, old);
      crowded.push(job.code);
      continue;
    }
    markers.set(job.code, marker(unit(to)));
    anchors[job.code] = unit(to);
    job.anchorPx = to;
  }

  // Each label also keeps clear, where it can, of the labels placed before it (Naples and Apulia side by side) and
  // of every supply-centre marker (a disc 0.68 u across each way with its outline).
  const placed = {};
  const labelBoxes = Object.values(ctx.centers).map(([x, y]) => ({ x0: x - 0.68 * u, y0: y - 0.68 * u, x1: x + 0.68 * u, y1: y + 0.68 * u }));
  for (const job of jobs) {
    const avoid = [...(job.sc === undefined ? [] : [job.sc]), job.anchorPx];
    const want = job.want ?? job.anchorPx;
    const clear = clearPixels(job);
    const apart = clear.filter((i) => {
      const box = labelBox(unit(i), u, job.code);
      return !labelBoxes.some((b) => overlaps(box, b));
    });
    const among = apart.length > 0 ? apart : clear;
    placed[job.code] = among.length > 0 ? placeAmong(among, job.l, want, 5, avoid, 14) : placeNear(job.l, want, 5, avoid, 14);
    labelBoxes.push(labelBox(unit(placed[job.code]), u, job.code));
  }
  return { placed, crowded: [...new Set(crowded)].sort() };
}
