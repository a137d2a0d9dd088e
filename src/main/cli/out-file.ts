/**
 * Files a command writes (`--out`, `--solution`): checked when the options are read, before any
 * work, so a folder, a pipe (which would block the write forever) or a missing folder is refused
 * in one line naming the option, and a long search is never lost to a bad path at its end.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fchmodSync, fsyncSync, openSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { escapeControls } from '../../core/text/display';
import { UsageError } from './args';
import { systemErrorText } from '../store/open-reason';

/** The path given to `--NAME`, refused unless a regular file can be written there. */
export function outFile(name: string, path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  const where = `--${name} ${escapeControls(path)}`;
  if (existsSync(path)) {
    const st = statSync(path);
    if (st.isDirectory()) throw new UsageError(`${where} is a folder: give a file name`);
    if (!st.isFile()) throw new UsageError(`${where} is not a regular file (a pipe, socket or device)`);
  } else if (!existsSync(dirname(resolve(path)))) throw new UsageError(`${where}: there is no folder ${escapeControls(dirname(resolve(path)))}`);
  return path;
}

/** Where a path leads: through symbolic links, to the file itself (or where it would be made). */
function realTarget(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    try {
      return join(realpathSync(dirname(resolve(path))), basename(path));
    } catch {
      return resolve(path);
    }
  }
}

/** Refuses two output options that name one file (by another spelling or a link too): the second write would replace the first. */
export function distinctOutFiles(a: { name: string; path: string | undefined }, b: { name: string; path: string | undefined }): void {
  if (a.path === undefined || b.path === undefined) return;
  let same = realTarget(a.path) === realTarget(b.path);
  if (!same && existsSync(a.path) && existsSync(b.path)) {
    const sa = statSync(a.path);
    const sb = statSync(b.path);
    same = sa.dev === sb.dev && sa.ino === sb.ino;
  }
  if (same) throw new UsageError(`--${a.name} and --${b.name} name the same file (${escapeControls(b.path)}): give each its own`);
}

/**
 * Write TEXT to a path `outFile` took, whole or not at all: into a new file beside it, flushed to
 * the disk, then renamed over it, so a failure (no permission, a full disk) leaves the old file as
 * it was and no part-written one. The failure is one line naming the option.
 */
export function writeOut(name: string, path: string, text: string): void {
  const target = realTarget(path);
  // In the same folder, so the rename is one step of one file system; the name is unlikely to meet another's.
  const temp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  let fd: number | undefined;
  try {
    const was = existsSync(target) ? statSync(target).mode & 0o7777 : undefined;
    fd = openSync(temp, 'wx', 0o666);
    // A file that was there keeps its permissions (the umask may have taken some from the new file's).
    if (was !== undefined) fchmodSync(fd, was);
    writeFileSync(fd, text);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temp, target);
  } catch (e) {
    try {
      if (fd !== undefined) closeSync(fd);
      rmSync(temp, { force: true });
    } catch {
      // The failure that matters is the write's, said below.
    }
    const was = existsSync(target) ? `; ${escapeControls(path)} is as it was` : '';
    throw new UsageError(`--${name} ${escapeControls(path)}: cannot write (${systemErrorText(e as NodeJS.ErrnoException)})${was}`);
  }
}
