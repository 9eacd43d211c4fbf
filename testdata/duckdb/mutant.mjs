// mutant.mjs reads one split of a flowbench dataset directory with DuckDB
// and prints, as JSON, what a DuckDB user would see of it: per table the
// DESCRIBE output, the row count, the ids in file order, the count and
// answer/width of the rows that `WHERE id = ...` selects for each id given
// (DuckDB prunes row groups with the footer's statistics, so a wrong
// statistic changes these), and every shard's key-value metadata. An error
// is reported as {"error": message} and exit status 0, so that the caller
// can compare it. export/validate_mutants_test.go compares this output for
// a shard with single bytes flipped against the original.
//
// Usage: node testdata/duckdb/mutant.mjs DIR SPLIT ID...
// Needs: npm ci --prefix testdata/duckdb (@duckdb/node-api).
import { DuckDBInstance } from '@duckdb/node-api';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const [dir, split, ...ids] = process.argv.slice(2);
if (!dir || !split) {
  console.error('usage: node mutant.mjs DATASET_DIR SPLIT ID...');
  process.exit(2);
}
const lit = (s) => "'" + s.replaceAll("'", "''") + "'";
const out = {};
try {
  const instance = await DuckDBInstance.create(':memory:');
  const con = await instance.connect();
  const rows = async (sql) => (await con.runAndReadAll(sql)).getRowObjectsJson();
  for (const table of ['questions', 'annotations']) {
    const t = {};
    out[table] = t;
    // Schema version 3: data/<table>/<split>-NNNNN-of-NNNNN.parquet.
    const glob = join(dir, 'data', table, split + '-[0-9][0-9][0-9][0-9][0-9]-of-[0-9][0-9][0-9][0-9][0-9].parquet');
    const src = `read_parquet(${lit(glob)}, filename = true, file_row_number = true)`;
    try {
      t.describe = await rows(`DESCRIBE SELECT * FROM read_parquet(${lit(glob)})`);
      t.count = (await rows(`SELECT count(*) AS n FROM ${src}`))[0].n;
      t.ids = (await rows(`SELECT id FROM ${src} ORDER BY filename, file_row_number`)).map((r) => r.id);
      const col = table === 'questions' ? 'answer' : 'width';
      t.filters = {};
      for (const id of ids) {
        t.filters[id] = await rows(`SELECT ${col} AS v FROM ${src} WHERE id = ${lit(id)} ORDER BY filename, file_row_number`);
      }
      t.kv = {};
      for (const f of readdirSync(join(dir, 'data', table)).filter((f) => f.startsWith(split + '-')).sort()) {
        t.kv[f] = await rows(`SELECT decode(key) AS key, value FROM parquet_kv_metadata(${lit(join(dir, 'data', table, f))}) ORDER BY key`);
      }
    } catch (e) {
      t.error = String(e.message ?? e);
    }
  }
} catch (e) {
  out.error = String(e.message ?? e);
}
console.log(JSON.stringify(out));
