/**
 * `npm run cluster -- [--apis 2] [--port 8080]`: the deployment's topology on 127.0.0.1 (scripts/cluster.ts) until
 * Ctrl-C, on `DATABASE_URL` (default a `soloist_cluster` database on the local PostgreSQL) and `REDIS_URL` if set.
 */
import { startCluster } from './cluster';

async function main(): Promise<void> {
  const arg = (name: string) => {
    const at = process.argv.indexOf(`--${name}`);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const cluster = await startCluster({
    apis: Number(arg('apis') ?? 2),
    port: arg('port') ? Number(arg('port')) : undefined,
    databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/soloist_cluster',
    redisUrl: process.env.REDIS_URL,
  });
  console.log(`Soloist on ${cluster.url}: ${cluster.apis.length} API processes, a worker, Redis and HAProxy.`);
  for (const m of [...cluster.apis, cluster.worker, cluster.proxy, ...(cluster.redis ? [cluster.redis] : [])])
    console.log(`  ${m.name.padEnd(7)} pid ${m.child.pid} on ${m.port}`);
  const end = () => void cluster.stop().then(() => process.exit(0));
  process.once('SIGINT', end);
  process.once('SIGTERM', end);
}

main().catch((err) => (console.error(err), process.exit(1)));
