import fs from 'node:fs';
import path from 'node:path';

/** What in a /ready answer takes a process out of the proxy's rotation (deploy/haproxy.cfg says the same). */
export const OUT_WHEN = 'draining|"database":"failed"|"migrations":"(pending|failed)"';

/** HAProxy's configuration: deploy/haproxy.cfg's rules, its servers on 127.0.0.1 and checked twice a second. */
export function proxyConfig(port: number, apiPorts: number[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // A request that could not reach a process (it died, or was draining) goes to another, once; one that reached
    // it is never sent twice (HAProxy retries on connection failures only), so no write is doubled.
    '  retries 1',
    '  option redispatch',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  unique-id-format %{+X}o%ci%cp%Ts%rt%pid',
    '  http-request set-header X-Request-Id %[unique-id]',
    '  http-request del-header X-Forwarded-For',
    '  option forwardfor',
    '  http-request deny deny_status 404 if { path /metrics }',
    '  default_backend api',
    'backend api',
    '  balance roundrobin',
    '  option httpchk GET /ready',
    // Out when its /ready says it is draining or its own part is wrong (its database, its migrations); Redis
    // unreachable is every process's alike, and most requests do not need it: taking them all out would turn a
    // Redis restart into the proxy refusing everything.
    `  http-check expect ! rstring '${OUT_WHEN}'`,
    // Checked twice a second; a process that refuses connections (killed) is out after two. A check may take its
    // time on a busy process (a slow answer is not a dead one): only `timeout check` gone by fails it.
    '  timeout check 3s',
    '  default-server inter 500ms fall 2 rise 2',
    ...apiPorts.map((p, i) => `  server api${i + 1} 127.0.0.1:${p} check`),
    '',
  ].join('\n');
}

/** Debian's HAProxy: on PATH, or in /usr/sbin (not on every user's PATH). */
export function haproxyBinary(): string {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin']) {
    const file = path.join(dir, 'haproxy');
    if (fs.existsSync(file)) return file;
  }
  throw new Error('HAProxy is not installed: apt-get install haproxy (the cluster puts it in front of the API)');
}
