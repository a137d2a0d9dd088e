/**
 * `--out` and `--solution` are written whole or not at all: a write that fails (a full disk, a file
 * size limit) leaves the old file as it was and no part-written file beside it; two options naming
 * one file are refused before any work.
 */
import { spawnSync } from 'node:child_process';
import type * as NodeFs from 'node:fs';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { distinctOutFiles, writeOut } from '../../../src/main/cli/out-file';
import { cli, repoRoot } from '../../helpers/cli';

/** While set, every write of file data writes its first half and then fails as on a full disk. */
const disk = vi.hoisted(() => ({ full: false }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  const enospc = (): Error => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
  const half = (data: unknown): unknown => (typeof data === 'string' ? data.slice(0, data.length >> 1) : data);
  return {
    ...fs,
    writeFileSync: (file: Parameters<typeof fs.writeFileSync>[0], data: string, ...rest: unknown[]) => {
      if (!disk.full) return fs.writeFileSync(file, data, ...(rest as []));
      fs.writeFileSync(file, half(data) as string);
      throw enospc();
    },
    writeSync: (fd: number, data: string, ...rest: unknown[]) => {
      if (!disk.full) return fs.writeSync(fd, data, ...(rest as []));
      fs.writeSync(fd, half(data) as string);
      throw enospc();
    },
  };
});

afterEach(() => {
  disk.full = false;
});

const folder = (): string => mkdtempSync(join(tmpdir(), 'workbench-out-'));

describe('writeOut', () => {
  it('on a full disk: one line naming the option, the old file as it was, nothing left beside it', () => {
    const dir = folder();
    const file = join(dir, 'board.txt');
    writeFileSync(file, 'the old board\n');
    disk.full = true;
    expect(() => writeOut('out', file, 'a new board, much longer than the old one\n'.repeat(100))).toThrow(
      `--out ${file}: cannot write (no space left on device (ENOSPC)); ${file} is as it was`,
    );
    disk.full = false;
    expect(readFileSync(file, 'utf8')).toBe('the old board\n');
    expect(readdirSync(dir)).toEqual(['board.txt']);
  });

  it('on a full disk, a new file is not left part-written', () => {
    const dir = folder();
    disk.full = true;
    expect(() => writeOut('out', join(dir, 'run.json'), '{"run": 1}\n')).toThrow(/^--out .*run\.json: cannot write \(no space left on device \(ENOSPC\)\)$/);
    disk.full = false;
    expect(readdirSync(dir)).toEqual([]);
  });

  it('replaces a file whole, keeping its permissions, and writes through a link to its file', () => {
    const dir = folder();
    const file = join(dir, 'p.txt');
    writeFileSync(file, 'old');
    chmodSync(file, 0o600);
    symlinkSync('p.txt', join(dir, 'link.txt'));
    writeOut('out', join(dir, 'link.txt'), 'new');
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).sort()).toEqual(['link.txt', 'p.txt']);
  });
});

describe('distinctOutFiles', () => {
  it('refuses two options naming one file, by any spelling or a link', () => {
    const dir = folder();
    writeFileSync(join(dir, 'p.txt'), '');
    symlinkSync('p.txt', join(dir, 'link.txt'));
    const refused = /^--out and --solution name the same file \(.*\): give each its own$/;
    expect(() => distinctOutFiles({ name: 'out', path: join(dir, 'new.txt') }, { name: 'solution', path: join(dir, '.', 'new.txt') })).toThrow(refused);
    expect(() => distinctOutFiles({ name: 'out', path: join(dir, 'link.txt') }, { name: 'solution', path: join(dir, 'p.txt') })).toThrow(refused);
    expect(() => distinctOutFiles({ name: 'out', path: join(dir, 'p.txt') }, { name: 'solution', path: join(dir, 's.txt') })).not.toThrow();
    expect(() => distinctOutFiles({ name: 'out', path: join(dir, 'p.txt') }, { name: 'solution', path: undefined })).not.toThrow();
  });
});

describe('generate --out, for real', () => {
  it('past the file size limit (ulimit -f): exit 2, one line, the old file as it was', () => {
    const dir = folder();
    const file = join(dir, 'puzzle.txt');
    writeFileSync(file, 'the old puzzle\n');
    // 1 KB: a 16x16 puzzle's pieces are about 3 KB. Node ignores SIGXFSZ, so the write fails with EFBIG.
    const r = spawnSync('sh', ['-c', `ulimit -f 1 && exec "${process.execPath}" bin/workbench.mjs generate --size 16 --seed 1 --out "${file}"`], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toBe(`workbench generate: --out ${file}: cannot write (file too large (EFBIG)); ${file} is as it was\n`);
    expect(readFileSync(file, 'utf8')).toBe('the old puzzle\n');
    expect(readdirSync(dir)).toEqual(['puzzle.txt']);
  });

  it('refuses --out and --solution naming one file, before writing anything', () => {
    const dir = folder();
    const file = join(dir, 'same.txt');
    writeFileSync(file, 'kept\n');
    const r = cli(['generate', '--size', '4', '--out', file, '--solution', join(dir, '..', dir.split('/').at(-1)!, 'same.txt')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^workbench generate: --out and --solution name the same file \(.*same\.txt\): give each its own\n$/);
    expect(readFileSync(file, 'utf8')).toBe('kept\n');
  });
});
