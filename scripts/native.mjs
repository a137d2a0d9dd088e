#!/usr/bin/env node
// better-sqlite3 is a native module: Node (tests, CLI) and Electron (the app) need different
// builds. The Node build stays where npm put it; the Electron build lives in native/electron-<v>/
// and is handed to the store as `nativeBinding`. So `npm test` and `npm start` work in either order.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, copyFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const target = process.argv[2];
const moduleDir = dirname(require.resolve('better-sqlite3/package.json'));

function nodeGyp() {
  // npm ships node-gyp; npm scripts expose its path. Fall back to the copy next to npm.
  if (process.env.npm_config_node_gyp) return process.env.npm_config_node_gyp;
  const guess = join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  if (existsSync(guess)) return guess;
  throw new Error('node-gyp not found: run this through npm (npm test / npm start)');
}

function nodeBuildWorks() {
  try {
    execFileSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: root, stdio: 'pipe' });
    return true;
  } catch (e) {
    return false;
  }
}

if (target === 'node') {
  if (!nodeBuildWorks()) {
    console.error('better-sqlite3 is not built for this Node; rebuilding it (about a minute)...');
    execFileSync('npm', ['rebuild', 'better-sqlite3'], { cwd: root, stdio: 'inherit' });
    if (!nodeBuildWorks()) {
      console.error('better-sqlite3 still does not load under Node. Check that python3, make and g++ are installed.');
      process.exit(1);
    }
  }
} else if (target === 'electron') {
  const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
  const outDir = join(root, 'native', `electron-${electronVersion}`);
  const out = join(outDir, 'better_sqlite3.node');
  if (!existsSync(out)) {
    console.error(`building better-sqlite3 for Electron ${electronVersion} (needs internet for Electron's headers)...`);
    const work = mkdtempSync(join(tmpdir(), 'bsq-electron-'));
    try {
      cpSync(moduleDir, work, { recursive: true, filter: (p) => !p.includes(`${join(moduleDir, 'build')}`) });
      const env = { ...process.env, npm_config_nodedir: '' };
      delete env.npm_config_nodedir; // a nodedir would silently build against Node's headers
      let built = false;
      try {
        const prebuild = require.resolve('prebuild-install/bin.js', { paths: [moduleDir] });
        execFileSync(process.execPath, [prebuild, '--runtime', 'electron', '--target', electronVersion, '--arch', process.arch], {
          cwd: work,
          stdio: 'inherit',
          env,
        });
        built = existsSync(join(work, 'build', 'Release', 'better_sqlite3.node'));
      } catch {
        built = false;
      }
      if (!built) {
        execFileSync(
          process.execPath,
          [
            nodeGyp(),
            'rebuild',
            '--release',
            `--target=${electronVersion}`,
            '--runtime=electron',
            '--dist-url=https://electronjs.org/headers',
            `--arch=${process.arch}`,
          ],
          {
            cwd: work,
            stdio: 'inherit',
            env,
          },
        );
      }
      mkdirSync(outDir, { recursive: true });
      copyFileSync(join(work, 'build', 'Release', 'better_sqlite3.node'), out);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
} else {
  console.error('usage: node scripts/native.mjs node|electron');
  process.exit(2);
}
