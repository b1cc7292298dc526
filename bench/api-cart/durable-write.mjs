// The floor of any durable write on this machine: a Fastify route that does one single-statement write
// per request on the same PostgreSQL (a counter bump for one of 100 rows, committed with the server's
// default synchronous_commit), and nothing else: no auth, no validation, no catalogue, no pricing.
// The cart's add-to-cart does all of that and more, so it cannot be faster than this; the api-cart bench
// measures it in the same run: the target is a share of this floor.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const TABLE = 'bench_durable_write_probe';
await pool.query(`CREATE TABLE IF NOT EXISTS ${TABLE} (id integer PRIMARY KEY, n bigint NOT NULL)`);
await pool.query(`INSERT INTO ${TABLE} SELECT g, 0 FROM generate_series(1, 100) g ON CONFLICT DO NOTHING`);

let next = 0;
const app = Fastify({ logger: false });
app.get('/', async () => {
  const id = (next++ % 100) + 1;
  const { rows } = await pool.query(`UPDATE ${TABLE} SET n = n + 1 WHERE id = $1 RETURNING n`, [id]);
  return { id, n: rows[0].n };
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening on ${app.server.address().port}`);

async function stop() {
  await app.close();
  await pool.query(`DROP TABLE IF EXISTS ${TABLE}`);
  await pool.end();
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop());
