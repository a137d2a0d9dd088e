/**
 * A byte order mark (U+FEFF, Notepad's "UTF-8 with BOM") at the start of a file is dropped where
 * the CLI reads files, so JSON documents, run files and study files read as the text formats
 * always did (JSON.parse refuses it: `invalid JSON (Unexpected token ...)`).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readText } from '../../../src/main/cli/commands';
import { cli, tempDb } from '../../helpers/cli';

const BOM = '\uFEFF';
const dir = mkdtempSync(join(tmpdir(), 'workbench-bom-'));

function withBom(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, BOM + text);
  return file;
}

describe('a byte order mark', () => {
  it('is dropped by readText, once', () => {
    expect(readText(withBom('a.txt', 'x'))).toBe('x');
    expect(readText(withBom('b.txt', `${BOM}x`))).toBe(`${BOM}x`);
  });

  it('import of a JSON document, a run file; study create', () => {
    const doc = withBom('doc.json', JSON.stringify({ format: 'puzzle-workbench', version: 1, family: 'jump', name: 'bom maze', puzzle: { rows: 4, cols: 4 } }));
    const db = tempDb();
    const imported = cli(['import', doc, '--db', db]);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(/^puzzle 1: bom maze \(jump 4x4\)/);

    expect(cli(['solve', '--family', 'jump', '--size', '4', '--solver', 'hill-climb', '--evaluations', '1000', '--seed', '1', '--db', db]).code).toBe(0);
    const runFile = join(dir, 'run.json');
    expect(cli(['export', '1', '--format', 'run', '--out', runFile, '--db', db]).code).toBe(0);
    const run = cli(['import', withBom('run-bom.json', readFileSync(runFile, 'utf8')), '--db', tempDb()]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^run 1: /);

    const study = withBom(
      'study.json',
      JSON.stringify({
        name: 'bom',
        puzzles: [{ family: 'jump', name: 'm', puzzle: { rows: 5, cols: 5 } }],
        solvers: [{ solver: 'hill-climb' }],
        seeds: 1,
        stop: { seconds: 1 },
      }),
    );
    const created = cli(['study', 'create', study, '--db', tempDb()]);
    expect(created.stderr).toMatch(/^study 1 "bom": /);
    expect(created.code).toBe(0);
  });
});
