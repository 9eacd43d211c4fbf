// check.mjs reads a flowbench dataset directory with Polars (nodejs-polars,
// the same Rust core as Python Polars) and prints JSON: row counts per
// split and table, the Polars dtypes of the annotations columns, and per
// row the question fields and every value of the dense columns, for
// comparison with the Go reader (export/polars_test.go).
//
// A table Polars cannot read is reported under "errors" (split/table ->
// message) instead of failing the script: with --tensor-type extension the
// annotations table fails on the arrow.fixed_shape_tensor extension type.
//
// Shards are read one by one in file-name order (readParquet), so rows come
// in the dataset's order. nodejs-polars cannot convert Binary values to JS,
// so of the image structs only the path is printed.
//
// Schema version 3 layout: data/<table>/<split>-NNNNN-of-NNNNN.parquet. The
// splits are taken from the file names of data/questions/, as Hugging Face
// infers them, and the questions folder is also read as one glob
// (data/questions/*.parquet, scanParquet): "glob" reports its rows per value
// of the split column.
//
// Usage: node testdata/polars/check.mjs DIR
// Needs: npm ci --prefix testdata/polars (nodejs-polars, pinned).
import pl from 'nodejs-polars';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node check.mjs DATASET_DIR');
  process.exit(2);
}

const dense = ['depth_before', 'depth_after', 'instance_before', 'instance_after',
  'flow_forward', 'flow_backward', 'flow_valid', 'change_mask'];

const out = { polars_version: pl.version, splits: {}, types: {}, rows: {}, errors: {} };
const shardName = /^(.+)-[0-9]{5}-of-[0-9]{5}\.parquet$/;
const splits = [...new Set(readdirSync(join(dir, 'data', 'questions'))
  .map((f) => shardName.exec(f)?.[1])
  .filter((s) => s !== undefined))].sort();

// The questions folder as one glob: rows per split column value.
{
  const g = pl.scanParquet(join(dir, 'data', 'questions', '*.parquet')).collectSync();
  out.glob = { rows: g.shape.height, splits: {} };
  for (const r of g.getColumn('split').valueCounts().toRecords()) {
    out.glob.splits[r.split] = Number(r.count ?? r.counts);
  }
}

// read returns the split's table as one DataFrame, or records the error.
function read(split, table) {
  const files = readdirSync(join(dir, 'data', table))
    .filter((f) => shardName.exec(f)?.[1] === split)
    .sort();
  try {
    return pl.concat(files.map((f) => pl.readParquet(join(dir, 'data', table, f))));
  } catch (e) {
    out.errors[`${split}/${table}`] = String(e);
    return null;
  }
}

for (const split of splits) {
  out.splits[split] = {};
  const q = read(split, 'questions');
  const a = read(split, 'annotations');
  for (const [table, df] of [['questions', q], ['annotations', a]]) {
    if (df === null) continue;
    out.splits[split][table] = df.shape.height; // not df.height: that is the "height" column
    if (table === 'annotations' && Object.keys(out.types).length === 0) {
      for (const c of dense) out.types[`annotations.${c}`] = String(df.getColumn(c).dtype);
    }
  }
  const rows = [];
  if (q !== null) {
    const qr = q.select(
      'id', 'category', 'answer', 'choices', 'view_id', 'changed',
      pl.col('camera').struct.field('K'),
      pl.col('realised_motion').struct.field('x').alias('realised_x'),
      pl.col('image').struct.field('path').alias('image_path'),
      pl.col('mover').struct.field('objectId').alias('mover'),
    ).toRecords();
    rows.push(...qr);
  }
  if (a !== null) {
    const ar = a.select(
      pl.col('id').alias('annotation_id'), 'width', 'height', 'instance_map_before',
      pl.col('objects_after').lst.lengths().alias('objects_after'), ...dense,
    ).toRecords();
    ar.forEach((r, i) => {
      rows[i] = { ...(rows[i] ?? {}), ...r };
    });
  }
  out.rows[split] = rows;
}
console.log(JSON.stringify(out));
