// language.mjs counts, in a flowbench dataset's questions, the wordings
// issue 37 removed and the feasibility probes' relation to the setup move,
// reading the shards with DuckDB and sharing no code with flowbench:
// per split, how many question, static-question, motion or reasoning texts
// contain each phrase (split CamelCase type names such as "arm chair",
// "the boots is", "right against a wall", "1 free waypoints", the static
// occlusion question's "before the move"), and the share of
// feasibility probes orthogonal to, along or opposite the setup move
// (metrics.probe.setup_relation) with the share of questions saying
// "a further" per relation. It prints JSON.
//
// Usage: node testdata/duckdb/language.mjs DIR [SPLIT]
// Needs: npm ci --prefix testdata/duckdb (@duckdb/node-api).
import { DuckDBInstance } from '@duckdb/node-api';
import { join } from 'node:path';

const dir = process.argv[2];
const split = process.argv[3] || '*';
if (!dir) {
  console.error('usage: node language.mjs DATASET_DIR [SPLIT]');
  process.exit(2);
}
const instance = await DuckDBInstance.create(':memory:');
const con = await instance.connect();
const lit = (s) => "'" + s.replaceAll("'", "''") + "'";
const src = `read_parquet(${lit(join(dir, 'data', 'questions', split + '-[0-9][0-9][0-9][0-9][0-9]-of-[0-9][0-9][0-9][0-9][0-9].parquet'))}, filename = true)`;
const phrases = {
  'room decor': "room decor", 'table top decor': "table top decor", 'basket ball': "basket ball",
  'counter top': "counter top", 'arm chair': "arm chair", 'key chain': "key chain",
  'boots is/moves/has': "(^|[^f] )the boots \\([a-z ]+\\) (is|moves|has|drops)\\b",
  'boots are/move (agreeing)': "the boots \\([a-z ]+\\) (are|move|have|drop)\\b",
  'right against a wall': "right against a wall", '1 free waypoints': "\\b1 free waypoints",
  'static occlusion: before the move': null,
};
const out = {};
const text = "lower(question || ' ' || static_question || ' ' || motion_text || ' ' || reasoning)";
for (const [name, re] of Object.entries(phrases)) {
  const cond = re === null
    ? "category = 'occlusion' AND static_question LIKE '%before the move%'"
    : `regexp_matches(${text}, ${lit(re)})`;
  const r = (await con.runAndReadAll(`SELECT count(*)::INT AS n FROM ${src} WHERE ${cond}`)).getRowObjectsJson();
  out[name] = Number(r[0].n);
}
const rel = (await con.runAndReadAll(`SELECT coalesce(json_extract_string(metrics, '$.probe.setup_relation'), 'none') AS rel,
    count(*)::INT AS n, sum(CASE WHEN question LIKE '%a further%' THEN 1 ELSE 0 END)::INT AS further
  FROM ${src} WHERE category = 'feasibility' GROUP BY 1 ORDER BY 1`)).getRowObjectsJson();
const total = rel.reduce((s, r) => s + Number(r.n), 0);
out.feasibility = Object.fromEntries(rel.map((r) => [r.rel, { n: Number(r.n), share: Number(r.n) / total, says_further: Number(r.further) }]));
console.log(JSON.stringify(out, null, 1));
