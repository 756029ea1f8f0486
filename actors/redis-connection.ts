/**
 * @module actors/redis-connection — the one way the engine connects to Redis: a single server
 * (`redis://…`, `rediss://…` or a Unix socket's path) or a Redis Cluster, named
 * `redis-cluster://host:port,host:port,…` (any of its masters; the client learns the rest).
 */
import Redis, { Cluster, type RedisOptions } from 'ioredis';

const clusterScheme = 'redis-cluster://';

/** Whether `url` names a Redis Cluster. */
export function isClusterUrl(url: string): boolean {
  return url.startsWith(clusterScheme);
}

/** The seed nodes of a `redis-cluster://` URL; throws a clear message on a malformed one. */
export function clusterNodes(url: string): { host: string; port: number }[] {
  const list = url.slice(clusterScheme.length).split(',').filter(Boolean);
  if (!list.length) throw new Error(`Redis Cluster URL names no node: "${url}" (expected redis-cluster://host:port,host:port)`);
  return list.map((node) => {
    const match = /^([^:/\s]+):(\d{1,5})$/.exec(node);
    const port = Number(match?.[2]);
    if (!match || port < 1 || port > 65535) throw new Error(`Redis Cluster node "${node}" is not host:port (in ${url})`);
    return { host: match[1], port };
  });
}

/**
 * A client for `url`. A cluster client answers the same commands as a single server's (it
 * routes each by its key's slot), so the engine holds both as `Redis`; what differs (loading
 * functions on every master, the queue prefix's hash tag) asks `isCluster`.
 */
export function connectRedis(url: string, options: RedisOptions = {}): Redis {
  if (!isClusterUrl(url)) return new Redis(url, options);
  // scaleReads master: a run's reads must see its own writes at once
  const { lazyConnect, ...nodeOptions } = options;
  const cluster = new Cluster(clusterNodes(url), { scaleReads: 'master', redisOptions: nodeOptions, lazyConnect, enableReadyCheck: true });
  return cluster as unknown as Redis;
}

/** Another connection like `client` (a single server's or a cluster's), with `options` changed. */
export function duplicateRedis(client: Redis, options: RedisOptions = {}): Redis {
  if (!isCluster(client)) return client.duplicate(options);
  const cluster = client as unknown as Cluster;
  return cluster.duplicate([], { redisOptions: { ...cluster.options.redisOptions, ...options } }) as unknown as Redis;
}

/** Whether `client` (from connectRedis) is a cluster client. */
export function isCluster(client: Redis): boolean {
  return (client as unknown) instanceof Cluster;
}

/** The masters behind `client`: itself on a single server, every master on a cluster. */
export function masters(client: Redis): Redis[] {
  return isCluster(client) ? (client as unknown as Cluster).nodes('master') : [client];
}
