/**
 * The app's own origin, `app://workbench/`: how its pages are found on disk and which headers
 * they carry. No Electron here (protocol.ts wires it up), so it is tested under Node.
 */
import path from 'node:path';

export const APP_SCHEME = 'app';
export const APP_HOST = 'workbench';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY = `${APP_ORIGIN}/index.html`;

/**
 * The app's Content-Security-Policy, sent as a response header with every page: nothing but the
 * app's own files, no inline scripts or styles (Svelte sets dynamic styles through the CSSOM,
 * which CSP allows), no network, and no framing (frame-ancestors only works as a header).
 */
export const APP_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
};

export function mimeType(file: string): string {
  return MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Headers of every response from the app's origin. */
export function appHeaders(file: string): Record<string, string> {
  return {
    'Content-Type': mimeType(file),
    'Content-Security-Policy': APP_CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
  };
}

/**
 * The file under `root` that `url` names, or null for anything else: another scheme or host, an
 * encoded path that does not decode, NUL or backslashes, dot-files, or a path leaving `root`.
 */
export function appFilePath(root: string, url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.host !== APP_HOST) return null;
  let rel: string;
  try {
    rel = decodeURIComponent(u.pathname);
  } catch {
    return null;
  }
  if (rel.includes('\0') || rel.includes('\\')) return null;
  if (rel === '' || rel.endsWith('/')) rel += 'index.html';
  const base = path.resolve(root);
  const target = path.resolve(base, `.${path.posix.normalize(`/${rel}`)}`);
  if (!target.startsWith(base + path.sep)) return null;
  if (
    path
      .relative(base, target)
      .split(path.sep)
      .some((seg) => seg.startsWith('.'))
  )
    return null;
  return target;
}

/** Whether a page at `url` may use the API: the app's own origin, or the dev server's in an unpackaged build. */
export function isAppUrl(url: string, devUrl: string | null): boolean {
  if (url.startsWith(`${APP_ORIGIN}/`)) return true;
  if (devUrl === null) return false;
  try {
    return new URL(url).origin === new URL(devUrl).origin;
  } catch {
    return false;
  }
}

/** The electron-vite dev server URL, honoured only in an unpackaged build and only on loopback. */
export function devServerUrl(isPackaged: boolean, env: Readonly<Record<string, string | undefined>>): string | null {
  if (isPackaged) return null;
  const url = env['ELECTRON_RENDERER_URL'];
  return url && /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/.test(url) ? url : null;
}
