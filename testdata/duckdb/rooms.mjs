// rooms.mjs checks a flowbench dataset's rooms against issue 36's contents
// targets, reading the shards with DuckDB and sharing no code with
// flowbench: per house (the I0 objects of its first annotations row) the
// rooms holding more than one GarbageCan (room from the object id's room
// field), the pillows whose parentReceptacle is a Bed or a Sofa, the hand
// towels and towels hanging on a holder (top within 1 cm of a TowelHolder's
// or HandTowelHolder's top, centre within 20 cm of it horizontally), and
// the kitchens (rooms holding a Fridge) with a StoveBurner.
// It prints JSON.
//
// Usage: node testdata/duckdb/rooms.mjs DIR [SPLIT]
// Needs: npm ci --prefix testdata/duckdb (@duckdb/node-api).
import { DuckDBInstance } from '@duckdb/node-api';
import { join } from 'node:path';

const dir = process.argv[2];
const split = process.argv[3] || null;
if (!dir) {
  console.error('usage: node rooms.mjs DATASET_DIR [SPLIT]');
  process.exit(2);
}
const instance = await DuckDBInstance.create(':memory:');
const con = await instance.connect();
const lit = (s) => "'" + s.replaceAll("'", "''") + "'";
// Schema version 3: data/<table>/<split>-NNNNN-of-NNNNN.parquet.
const glob = (table) => join(dir, 'data', table, (split || '*') + '-[0-9][0-9][0-9][0-9][0-9]-of-[0-9][0-9][0-9][0-9][0-9].parquet');
const sql = `SELECT q.house_id, first(a.objects_before ORDER BY a.id) AS objs
  FROM read_parquet(${lit(glob('annotations'))}) a JOIN read_parquet(${lit(glob('questions'))}) q ON a.id = q.id
  GROUP BY q.house_id ORDER BY q.house_id`;
const houses = (await con.runAndReadAll(sql)).getRowObjectsJson();
const v3 = (p) => (Array.isArray(p) ? p.map(Number) : [Number(p.x), Number(p.y), Number(p.z)]);
const roomOf = (id) => {
  const f = id.split('|');
  return f[1] === 'surface' ? f[2] : f[1];
};
const out = { houses: houses.length, rooms_many_cans: 0, pillows: 0, pillows_on_bed_or_sofa: 0,
  towels: 0, towels_on_holders: 0, kitchens: 0, kitchens_with_stove: 0 };
for (const h of houses) {
  const objs = h.objs, byId = new Map(objs.map((o) => [o.objectId, o]));
  const cans = new Map(), kitchens = new Map(), stoves = new Set();
  for (const o of objs) {
    const r = roomOf(o.objectId);
    if (o.objectType === 'GarbageCan') cans.set(r, (cans.get(r) || 0) + 1);
    if (o.objectType === 'Fridge') kitchens.set(r, kitchens.get(r) || false);
    if (o.objectType === 'StoveBurner') stoves.add(r);
    if (o.objectType === 'Pillow') {
      out.pillows++;
      const p = byId.get(o.parentReceptacle);
      if (p && (p.objectType === 'Bed' || p.objectType === 'Sofa')) out.pillows_on_bed_or_sofa++;
    }
    if (o.objectType === 'HandTowel' || o.objectType === 'Towel') {
      out.towels++;
      const [x, y, z] = v3(o.position), top = y + v3(o.size)[1] / 2;
      if (objs.some((k) => {
        if (k.objectType !== 'TowelHolder' && k.objectType !== 'HandTowelHolder') return false;
        const [hx, hy, hz] = v3(k.position);
        return Math.abs(hy + v3(k.size)[1] / 2 - top) <= 0.01 && Math.hypot(hx - x, hz - z) <= 0.2;
      })) out.towels_on_holders++;
    }
  }
  for (const n of cans.values()) if (n > 1) out.rooms_many_cans++;
  for (const r of kitchens.keys()) { out.kitchens++; if (stoves.has(r)) out.kitchens_with_stove++; }
}
console.log(JSON.stringify(out, null, 1));
