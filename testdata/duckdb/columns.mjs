// columns.mjs DIR: bytes per column of every Parquet shard under DIR/data,
// from DuckDB's parquet_metadata (compressed and uncompressed sizes summed
// over row groups), one table per Parquet table; the rows and the
// bytes/row of each column. Independent of flowbench's code.
import { DuckDBInstance } from '@duckdb/node-api';
const dir = process.argv[2];
const db = await DuckDBInstance.create(':memory:');
const con = await db.connect();
for (const table of ['questions', 'annotations']) {
  const glob = `${dir}/data/${table}/*.parquet`;
  let rows;
  try {
    rows = Number((await (await con.run(`SELECT count(*) FROM read_parquet('${glob}')`)).getRows())[0][0]);
  } catch (e) { continue; }
  const r = await con.run(`SELECT path_in_schema, sum(total_compressed_size)::BIGINT AS c, sum(total_uncompressed_size)::BIGINT AS u,
      string_agg(DISTINCT encodings, ' ') AS enc, any_value(compression) AS comp
    FROM parquet_metadata('${glob}') GROUP BY path_in_schema ORDER BY c DESC`);
  const all = await r.getRows();
  let total = 0;
  for (const x of all) total += Number(x[1]);
  console.log(`## ${table}: ${rows} rows, ${total} bytes, ${(total / rows / 1000).toFixed(1)} kB/row`);
  console.log('| column | compressed kB/row | uncompressed kB/row | encodings | codec |');
  console.log('|---|---:|---:|---|---|');
  for (const x of all) {
    console.log(`| ${x[0]} | ${(Number(x[1]) / rows / 1000).toFixed(2)} | ${(Number(x[2]) / rows / 1000).toFixed(2)} | ${x[3]} | ${x[4]} |`);
  }
}
