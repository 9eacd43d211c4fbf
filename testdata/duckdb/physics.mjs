// physics.mjs is an independent physics check of a flowbench dataset: it
// reads every annotations row's objects_before and objects_after with
// DuckDB and recomputes, sharing no code with flowbench, the objects of the
// before (I0) and after (I1) poses that
//   - are unstable: their box centre lies more than 1 mm outside the convex
//     hull of the regions where their footprint meets the footprints of the
//     objects whose box holds their bottom height (±1 cm), leaving out what
//     rests on them; objects within 1 cm of the floor and wall-hung types
//     need no support, and a towel hangs (needs none) when its top lies
//     within 1 cm of a towel holder's top and its centre within its smaller
//     half extent (+1 cm) of the holder's footprint;
//   - overlap another box by more than 1 cm (separating axes), unless one
//     rests on the other through the parentReceptacle chain;
//   - reach more than 1 cm below the floor.
// It prints JSON: rows, and per state [I0, I1] the counts, in all and per
// category, and the first offenders.
//
// Usage: node testdata/duckdb/physics.mjs DIR [SPLIT]
// Needs: npm ci --prefix testdata/duckdb (@duckdb/node-api).
import { DuckDBInstance } from '@duckdb/node-api';
import { join } from 'node:path';

const dir = process.argv[2];
const split = process.argv[3] || null;
if (!dir) {
  console.error('usage: node physics.mjs DATASET_DIR [SPLIT]');
  process.exit(2);
}
const TOL = 0.01, SLACK = 0.001;
const HUNG = new Set(['Painting', 'Mirror', 'TowelHolder', 'HandTowelHolder', 'ToiletPaperHanger', 'LightSwitch',
  'ShowerHead', 'ShowerCurtain', 'Blinds', 'Window', 'Poster']);
const TOWELS = new Set(['Towel', 'HandTowel']), HOLDERS = new Set(['TowelHolder', 'HandTowelHolder']);

const instance = await DuckDBInstance.create(':memory:');
const con = await instance.connect();
const lit = (s) => "'" + s.replaceAll("'", "''") + "'";
// Schema version 3: data/<table>/<split>-NNNNN-of-NNNNN.parquet.
const glob = (table) => join(dir, 'data', table, (split || '*') + '-[0-9][0-9][0-9][0-9][0-9]-of-[0-9][0-9][0-9][0-9][0-9].parquet');
const sql = `SELECT a.id, q.category, a.objects_before, a.objects_after
  FROM read_parquet(${lit(glob('annotations'))}) a JOIN read_parquet(${lit(glob('questions'))}) q ON a.id = q.id
  ORDER BY a.id`;
const rows = (await con.runAndReadAll(sql)).getRowObjectsJson();

const v3 = (p) => (Array.isArray(p) ? p.map(Number) : [Number(p.x), Number(p.y), Number(p.z)]);

// Footprint corners, counter-clockwise in (x, z): Unity yaw turns local +x
// to (cos, -sin) and local +z to (sin, cos).
function box(o) {
  const p = v3(o.position), s = v3(o.size), a = (Number(o.yaw) * Math.PI) / 180;
  const c = Math.cos(a), n = Math.sin(a);
  const ux = [c * s[0] / 2, -n * s[0] / 2], uz = [n * s[2] / 2, c * s[2] / 2];
  let fp = [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([i, j]) => [p[0] + i * ux[0] + j * uz[0], p[2] + i * ux[1] + j * uz[1]]);
  if (area(fp) < 0) fp = fp.reverse();
  return { id: o.objectId, type: o.objectType, parent: o.parentReceptacle, fp, lo: p[1] - s[1] / 2, hi: p[1] + s[1] / 2, c: [p[0], p[2]] };
}
function area(poly) {
  let s = 0;
  for (let i = 0; i < poly.length; i++) {
    const [x1, z1] = poly[i], [x2, z2] = poly[(i + 1) % poly.length];
    s += x1 * z2 - x2 * z1;
  }
  return s / 2;
}
const side = (a, b, p) => (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
function clip(subject, window) {
  let out = subject;
  for (let k = 0; k < window.length && out.length; k++) {
    const a = window[k], b = window[(k + 1) % window.length], input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const p = input[i], q = input[(i + 1) % input.length], sp = side(a, b, p), sq = side(a, b, q);
      if (sp >= 0) out.push(p);
      if ((sp >= 0) !== (sq >= 0)) { const t = sp / (sp - sq); out.push([p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]); }
    }
  }
  return out;
}
function hull(pts) {
  const p = [...pts].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const half = (list) => {
    const h = [];
    for (const q of list) {
      while (h.length >= 2 && side(h[h.length - 2], h[h.length - 1], q) <= 0) h.pop();
      h.push(q);
    }
    h.pop();
    return h;
  };
  return half(p).concat(half([...p].reverse()));
}
function segDist(a, b, q) {
  const dx = b[0] - a[0], dz = b[1] - a[1], l = dx * dx + dz * dz;
  const t = l > 0 ? Math.max(0, Math.min(1, ((q[0] - a[0]) * dx + (q[1] - a[1]) * dz) / l)) : 0;
  return Math.hypot(q[0] - a[0] - t * dx, q[1] - a[1] - t * dz);
}
// Signed distance of q from the hull's edge, positive inside.
function margin(h, q) {
  if (!h.length) return -Infinity;
  let d = Infinity, inside = h.length >= 3;
  for (let k = 0; k < h.length; k++) {
    const a = h[k], b = h[(k + 1) % h.length];
    d = Math.min(d, segDist(a, b, q));
    if (inside && side(a, b, q) / Math.hypot(b[0] - a[0], b[1] - a[1]) < 0) inside = false;
  }
  return inside ? d : -d;
}
function depth(a, b) {
  let d = Math.min(a.hi, b.hi) - Math.max(a.lo, b.lo);
  for (const f of [a.fp, b.fp]) {
    for (let k = 0; k < 2; k++) {
      const e = [f[k + 1][0] - f[k][0], f[k + 1][1] - f[k][1]], n = Math.hypot(e[0], e[1]);
      const ax = [-e[1] / n, e[0] / n];
      const pr = (g) => g.map((p) => p[0] * ax[0] + p[1] * ax[1]);
      const pa = pr(a.fp), pb = pr(b.fp);
      d = Math.min(d, Math.min(Math.max(...pa), Math.max(...pb)) - Math.max(Math.min(...pa), Math.min(...pb)));
    }
  }
  return d;
}

function check(objs) {
  const boxes = objs.map(box), at = new Map(boxes.map((b, i) => [b.id, i]));
  const restsOn = (d, a) => {
    let p = boxes[d].parent;
    for (let n = 0; p && n <= boxes.length; n++) {
      const k = at.get(p);
      if (k === undefined) return false;
      if (k === a) return true;
      p = boxes[k].parent;
    }
    return false;
  };
  const found = [];
  boxes.forEach((b, i) => {
    if (b.lo < -TOL) found.push(['below_floor', b.id]);
    if (b.lo <= TOL || HUNG.has(b.type)) return;
    if (TOWELS.has(b.type)) {
      const reach = Math.min(segDist(b.fp[0], b.fp[1], b.c), segDist(b.fp[1], b.fp[2], b.c));
      if (boxes.some((h) => HOLDERS.has(h.type) && Math.abs(h.hi - b.hi) <= TOL && -margin(h.fp, b.c) <= reach + TOL)) return;
    }
    const pts = [];
    boxes.forEach((s, j) => {
      if (j !== i && s.lo <= b.lo + TOL && s.hi >= b.lo - TOL && !restsOn(j, i)) pts.push(...clip(b.fp, s.fp));
    });
    if (margin(hull(pts), b.c) < -SLACK) found.push(['unstable', b.id]);
  });
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++)
      if (!restsOn(i, j) && !restsOn(j, i) && depth(boxes[i], boxes[j]) > TOL) found.push(['overlap', boxes[i].id + ' ' + boxes[j].id]);
  return found;
}

const zero = () => ({ unstable: [0, 0], overlap: [0, 0], below_floor: [0, 0] });
const out = { rows: rows.length, total: zero(), categories: {}, offenders: [] };
for (const r of rows) {
  const before = r.objects_before, after = new Map(r.objects_after.map((o) => [o.objectId, o]));
  const states = [before, before.map((o) => after.get(o.objectId) || o)];
  out.categories[r.category] ??= zero();
  states.forEach((objs, st) => {
    for (const [kind, what] of check(objs)) {
      out.total[kind][st]++;
      out.categories[r.category][kind][st]++;
      if (out.offenders.length < 20) out.offenders.push(`${r.id} I${st} ${kind} ${what}`);
    }
  });
}
console.log(JSON.stringify(out, null, 1));
