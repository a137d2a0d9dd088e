/**
 * The electron-builder configuration, checked with electron-builder's own loader and schema (the
 * Electron binary cannot be downloaded here, so no installer is built in the tests).
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers/cli';

describe('packaging', () => {
  it('electron-builder.yml passes electron-builder validation, with installers for Linux, macOS and Windows', async () => {
    const config = await getConfig(repoRoot, null, null);
    await validateConfiguration(config, new DebugLogger(false));
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.mac?.target).toBe('dmg');
    expect(config.win?.target).toBe('nsis');
    expect(config.asarUnpack).toContain('**/*.node');
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.dist).toMatch(/electron-vite build && electron-builder/);
  });

  it('sets the Electron fuses: no run-as-node, NODE_OPTIONS or inspect arguments; cookie encryption and ASAR integrity on', async () => {
    const { electronFuses } = await getConfig(repoRoot, null, null);
    expect(electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it('the validation is real: a misspelt option is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'builder-'));
    copyFileSync(join(repoRoot, 'package.json'), join(dir, 'package.json'));
    writeFileSync(join(dir, 'electron-builder.yml'), `${readFileSync(join(repoRoot, 'electron-builder.yml'), 'utf8')}\nelectronFusez:\n  runAsNode: false\n`);
    const config = await getConfig(dir, null, null);
    await expect(validateConfiguration(config, new DebugLogger(false))).rejects.toThrow(/electronFusez/);
  });
});
