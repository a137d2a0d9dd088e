import { createHash } from 'node:crypto';
import fs from 'node:fs';

/** A file's SHA-256, to tell a file left byte for byte from one written into. */
export function hash(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** Wait without using the CPU, blocking this thread: the store's file checks are synchronous. */
export function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
