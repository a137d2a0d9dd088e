/** A file that reads several ways about equally well: import, score, solve and analyze each ask, and each command they print works. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDb } from '../../helpers/cli';

// A 2x2 set in colours 1 and 2 only: Tetravex tiles, or pieces with their frame in either colour.
const AMBIGUOUS = '2 2\n2 1 1 2\n2 2 1 1\n1 2 2 1\n1 1 2 2\n';

describe('a file read several ways', () => {
  it('solve and analyze ask as import does: a line, then the command that picks each reading, exit 1', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'workbench-choices-')), 'amb.txt');
    writeFileSync(file, AMBIGUOUS);
    const db = tempDb();
    for (const command of [
      ['import', file],
      ['solve', file, '--seconds', '1'],
      ['analyze', file, '--seconds', '1'],
    ]) {
      const r = cli([...command, '--db', db]);
      expect(r.code, command[0]).toBe(1);
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines[0]).toMatch(new RegExp(`^workbench ${command[0]}: .*amb\\.txt: 3 readings fit about as well and make different puzzles; pick one:$`));
      expect(lines.slice(1).map((l) => /--format \S+(?: --size \S+)?(?: --order \S+)?(?: --frame \S+)?/.exec(l)?.[0])).toEqual([
        '--format tetravex --size 2x2 --order trbl',
        '--format pieces --frame 1',
        '--format pieces --frame 2',
      ]);
      // The command printed for a reading reads the file so.
      const picked = cli([...command, '--db', db, '--format', 'pieces', '--frame', '2']);
      expect(picked.code, `${command[0]} --frame 2: ${picked.stderr}`).toBe(0);
      expect(picked.stderr).toContain('note: colour 2 is the frame, as asked: read as grey (0)');
    }
  });
});
