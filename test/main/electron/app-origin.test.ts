import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_CONTENT_SECURITY_POLICY, APP_ENTRY, appFilePath, appHeaders, devServerUrl, isAppUrl } from '../../../src/main/electron/app-origin';

describe('the app:// origin', () => {
  const root = mkdtempSync(join(tmpdir(), 'app-origin-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html>');

  it('maps app://workbench/ paths into the renderer folder and nothing else', () => {
    expect(appFilePath(root, APP_ENTRY)).toBe(join(root, 'index.html'));
    expect(appFilePath(root, 'app://workbench/')).toBe(join(root, 'index.html'));
    expect(appFilePath(root, 'app://workbench/assets/index-1.js')).toBe(join(root, 'assets', 'index-1.js'));
    for (const bad of [
      'app://workbench/../secret',
      'app://workbench/%2e%2e/%2e%2e/etc/passwd',
      'app://workbench/assets/..%2f..%2fetc',
      'app://workbench/.env',
      'app://workbench/a%00b',
      'app://workbench/a%5cb',
      'app://workbench/%E0%A4%A',
      'app://other/index.html',
      'file:///etc/passwd',
      'https://workbench/index.html',
      'not a url',
    ]) {
      const p = appFilePath(root, bad);
      expect(p === null || p.startsWith(join(root, '/')), bad).toBe(true);
      if (/\.env|%00|%5c|%A$|other|file:|https:|not a/.test(bad)) expect(p, bad).toBeNull();
    }
  });

  it('sends a strict CSP as a header: no inline styles or scripts, no framing, no network', () => {
    const h = appHeaders('index.html');
    expect(h['Content-Type']).toBe('text/html; charset=utf-8');
    expect(h['Content-Security-Policy']).toBe(APP_CONTENT_SECURITY_POLICY);
    expect(APP_CONTENT_SECURITY_POLICY).not.toContain('unsafe');
    expect(APP_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(APP_CONTENT_SECURITY_POLICY).toContain("style-src 'self'");
    expect(APP_CONTENT_SECURITY_POLICY).toContain("connect-src 'self'");
    expect(h['X-Content-Type-Options']).toBe('nosniff');
  });

  it('uses the dev server only in an unpackaged build, only on loopback; the API answers only the app origin', () => {
    const env = { ELECTRON_RENDERER_URL: 'http://localhost:5173/' };
    expect(devServerUrl(false, env)).toBe('http://localhost:5173/');
    expect(devServerUrl(true, env)).toBeNull();
    expect(devServerUrl(false, { ELECTRON_RENDERER_URL: 'http://evil.example/' })).toBeNull();
    expect(devServerUrl(false, { ELECTRON_RENDERER_URL: 'http://localhost.evil.example/' })).toBeNull();
    expect(devServerUrl(false, {})).toBeNull();
    expect(isAppUrl('app://workbench/index.html#/runs', null)).toBe(true);
    expect(isAppUrl('app://workbenchx/index.html', null)).toBe(false);
    expect(isAppUrl('http://localhost:5173/#/runs', null)).toBe(false);
    expect(isAppUrl('http://localhost:5173/#/runs', 'http://localhost:5173/')).toBe(true);
    expect(isAppUrl('file:///tmp/x.html', null)).toBe(false);
  });
});
