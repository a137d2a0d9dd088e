import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkRedisUrl, connectRedis, maskRedisUrl } from '../../../../src/main/studies/redis/connection';

/** Messages show the URL as it was given (issue 49): only the password changes. */
describe('maskRedisUrl', () => {
  it('keeps the URL as given, the password masked', () => {
    expect(maskRedisUrl('redis://')).toBe('redis://');
    expect(maskRedisUrl('redis://h:6379/')).toBe('redis://h:6379/');
    expect(maskRedisUrl('REDIS://Host:1')).toBe('REDIS://Host:1');
    expect(maskRedisUrl('redis://:s3cret@127.0.0.1:6379/0')).toBe('redis://:***@127.0.0.1:6379/0');
    expect(maskRedisUrl('rediss://user:p@ss@h')).toBe('rediss://user:***@h');
    expect(maskRedisUrl('redis://user@h')).toBe('redis://user@h');
    expect(maskRedisUrl('not a url')).toBe('not a url');
  });

  it('a URL without a host is refused naming it as given', () => {
    expect(() => checkRedisUrl('redis://')).toThrow(/^--redis URL "redis:\/\/" names no host$/);
  });
});

describe('connectRedis to a server that is not Redis', () => {
  let server: Server | null = null;
  afterEach(() => {
    server?.close();
    server = null;
  });
  const listen = async (s: Server): Promise<number> => {
    server = s;
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    return (s.address() as { port: number }).port;
  };

  it('an HTTP server: one line saying so, not ioredis\'s "Unknown RESP type ... Please report this"', async () => {
    const port = await listen(createHttpServer((_req, res) => res.end('hello')));
    await expect(connectRedis(`redis://:s3cret@127.0.0.1:${port}`)).rejects.toThrow(
      new RegExp(`^redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port} is not a Redis server \\(it answered HTTP\\)$`),
    );
  });

  it('another protocol: its first line, quoted', async () => {
    const port = await listen(createTcpServer((socket) => socket.end('220 mail.example ESMTP\r\n')));
    await expect(connectRedis(`redis://127.0.0.1:${port}`)).rejects.toThrow(
      new RegExp(`^redis://127\\.0\\.0\\.1:${port} is not a Redis server \\(it answered "220 mail\\.example ESMTP"\\)$`),
    );
  });
});
