// check.mjs reads a flowbench dataset directory with DuckDB and prints JSON:
// row counts per split and table, the DuckDB types of the annotations
// columns, and a few values per row, for comparison with the Go reader
// (export/duckdb_test.go).
//
// Each table is read as one folder glob, data/<table>/*.parquet (schema
// version 3: data/<table>/<split>-NNNNN-of-NNNNN.parquet), and the split of
// every row is taken from its file name, as Hugging Face does; "split_rows"
// counts the rows per split so found and "split_mismatches" the questions
// whose split column disagrees with their file name.
//
// It also decodes the Arrow schema stored in the first annotations shard's
// footer (key ARROW:schema, read through DuckDB's parquet_kv_metadata) with
// Arrow JS, when apache-arrow is installed, and reports each dense field's
// extension metadata or, for plain tensors, its flowbench.tensor_shape: an
// independent check of what pyarrow will see.
//
// Usage: node testdata/duckdb/check.mjs DIR
// Needs: npm ci --prefix testdata/duckdb (@duckdb/node-api, apache-arrow).
import { DuckDBInstance } from '@duckdb/node-api';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node check.mjs DATASET_DIR');
  process.exit(2);
}

const instance = await DuckDBInstance.create(':memory:');
const con = await instance.connect();
const rows = async (sql) => (await con.runAndReadAll(sql)).getRowObjectsJson();
const lit = (s) => "'" + s.replaceAll("'", "''") + "'";
const shardName = /^(.+)-[0-9]{5}-of-[0-9]{5}\.parquet$/;
// table reads a table's whole folder by glob, with the split from each file's name.
const table = (name) =>
  `(SELECT *, regexp_extract(filename, '([^/]+)-[0-9]{5}-of-[0-9]{5}[.]parquet$', 1) AS file_split
    FROM read_parquet(${lit(join(dir, 'data', name, '*.parquet'))}, filename = true, file_row_number = true))`;
const source = (split, name) => `(SELECT * FROM ${table(name)} WHERE file_split = ${lit(split)})`;

const out = { duckdb_version: (await rows('SELECT version() AS v'))[0].v, splits: {}, types: {}, rows: {}, split_rows: {} };
const splits = [...new Set(readdirSync(join(dir, 'data', 'questions'))
  .map((f) => shardName.exec(f)?.[1])
  .filter((s) => s !== undefined))].sort();

for (const name of ['questions', 'annotations']) {
  out.split_rows[name] = {};
  for (const r of await rows(`SELECT file_split, count(*) AS n FROM ${table(name)} GROUP BY file_split ORDER BY file_split`)) {
    out.split_rows[name][r.file_split] = Number(r.n);
  }
}
out.split_mismatches = Number((await rows(`SELECT count(*) AS n FROM ${table('questions')} WHERE split <> file_split`))[0].n);

for (const split of splits) {
  out.splits[split] = {};
  for (const table of ['questions', 'annotations']) {
    const r = await rows(`SELECT count(*) AS n FROM ${source(split, table)}`);
    out.splits[split][table] = Number(r[0].n);
  }
  if (Object.keys(out.types).length === 0) {
    for (const table of ['questions', 'annotations']) {
      for (const r of await rows(`DESCRIBE SELECT * FROM ${source(split, table)}`)) {
        out.types[`${table}.${r.column_name}`] = r.column_type;
      }
    }
  }
  // A few values per question, in shard and row order.
  const sum = (c) => `list_sum(list_transform(${c}::DOUBLE[], v -> v))`;
  out.rows[split] = await rows(`
    SELECT q.id, q.category, q.answer, q.choices, q.camera.K AS K, q.realised_motion.x AS realised_x,
           octet_length(q.image.bytes) AS image_bytes,
           a.width, a.height, len(a.depth_before::FLOAT[]) AS depth_len,
           a.depth_before[1] AS depth_first, ${sum('a.depth_before')} AS depth_sum,
           ${sum('a.instance_after')} AS instance_after_sum, a.instance_map_before,
           ${sum('a.flow_forward')} AS flow_forward_sum, a.flow_forward[1] AS flow_forward_first,
           ${sum('a.flow_valid')} AS flow_valid_sum, ${sum('a.change_mask')} AS change_sum,
           len(a.objects_after) AS objects_after
    FROM (SELECT *, row_number() OVER (ORDER BY filename, file_row_number) AS k FROM ${source(split, 'questions')}) q
    JOIN (SELECT *, row_number() OVER (ORDER BY filename, file_row_number) AS k FROM ${source(split, 'annotations')}) a
      ON q.k = a.k
    ORDER BY q.k`);
}
// Footer metadata of the first annotations shard of the first split.
if (splits.length > 0) {
  const first = readdirSync(join(dir, 'data', 'annotations')).filter((f) => f.startsWith(splits[0] + '-')).sort()[0];
  const kv = await rows(`SELECT decode(key) AS key, value FROM parquet_kv_metadata(${lit(join(dir, 'data', 'annotations', first))})`);
  out.kv = {};
  let arrowSchema = null;
  for (const r of kv) {
    if (r.key === 'ARROW:schema') {
      arrowSchema = r.value;
    } else if (r.key.startsWith('flowbench.')) {
      out.kv[r.key] = blobText(r.value);
    }
  }
  out.arrow_fields = await arrowFields(arrowSchema);
}
console.log(JSON.stringify(out, null, 1));

// blobText turns DuckDB's JSON form of a BLOB (printable bytes as text,
// others as \xNN escapes) back into a string.
function blobText(v) {
  return String(v).replace(/\\x([0-9A-Fa-f]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

// arrowFields decodes the base64 IPC schema with Arrow JS and returns, per
// field, its type and extension metadata; null when apache-arrow is absent.
async function arrowFields(value) {
  if (value == null) return null;
  let arrow;
  try {
    arrow = await import('apache-arrow');
  } catch {
    return null;
  }
  const bytes = Buffer.from(blobText(value), 'base64');
  const reader = arrow.RecordBatchReader.from(bytes);
  reader.open();
  const fields = {};
  for (const f of reader.schema.fields) {
    fields[f.name] = {
      type: String(f.type),
      extension_name: f.metadata.get('ARROW:extension:name') ?? null,
      extension_metadata: f.metadata.get('ARROW:extension:metadata') ?? null,
      tensor_shape: f.metadata.get('flowbench.tensor_shape') ?? null,
    };
  }
  return fields;
}
