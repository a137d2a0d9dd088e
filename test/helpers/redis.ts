import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RedisServer {
  url: string;
  port: number;
  /** Kill the server and start it again on the same port, empty (as one that saves nothing does). */
  restart(): Promise<void>;
  /** What a client process needs in its environment (the test CA for TLS). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** A port nobody listens on right now, on the loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Debian's redis-server on a free loopback port, with nothing saved to disk, in its own temporary
 * folder; `stop` ends it by its pid.
 */
export async function startRedis(opts: { password?: string; tls?: boolean } = {}): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'workbench-redis-'));
  const port = await freePort();
  const args = ['--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  if (opts.password) args.push('--requirepass', opts.password);
  let env: Record<string, string> = {};
  if (opts.tls) {
    // A self-signed certificate for 127.0.0.1; clients trust it through NODE_EXTRA_CA_CERTS.
    const cert = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    if (made.status !== 0) throw new Error('openssl could not make a test certificate');
    args.push(
      '--port',
      '0',
      '--tls-port',
      String(port),
      '--tls-cert-file',
      cert,
      '--tls-key-file',
      key,
      '--tls-ca-cert-file',
      cert,
      '--tls-auth-clients',
      'no',
    );
    env = { NODE_EXTRA_CA_CERTS: cert };
  } else args.push('--port', String(port));
  let child = await launch(args);
  const kill = async (): Promise<void> => {
    if (child.exitCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
  };
  const auth = opts.password ? `:${opts.password}@` : '';
  return {
    url: `${opts.tls ? 'rediss' : 'redis'}://${auth}127.0.0.1:${port}`,
    port,
    env,
    restart: async () => {
      await kill();
      child = await launch(args);
    },
    stop: async () => {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function launch(args: string[]): Promise<ChildProcess> {
  const child: ChildProcess = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 10_000);
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`redis-server could not be started (is Debian's redis-server installed? .ci/run installs it): ${e.message}`));
    });
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return child;
}
