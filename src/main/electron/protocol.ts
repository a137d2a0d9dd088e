/**
 * Serves the built renderer from `app://workbench/` (not file://), with the Content-Security-Policy
 * and the other security headers on every response (see app-origin.ts).
 */
import { protocol } from 'electron';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { APP_SCHEME, appFilePath, appHeaders } from './app-origin';

/** Before the app is ready: the scheme is standard (relative URLs, an origin) and secure (like https). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);
}

/** Answer `app://workbench/...` from `rendererDir`; anything outside it is a 404. */
export function serveApp(rendererDir: string): void {
  const root = path.resolve(rendererDir);
  const realRoot = realpath(root).catch(() => root);
  protocol.handle(APP_SCHEME, async (request) => {
    const file = appFilePath(root, request.url);
    if (file === null) return new Response('Not Found', { status: 404 });
    try {
      // Symlinks must not lead out of the folder either.
      const real = await realpath(file);
      if (!real.startsWith((await realRoot) + path.sep)) return new Response('Not Found', { status: 404 });
      return new Response(await readFile(real), { status: 200, headers: appHeaders(real) });
    } catch {
      return new Response('Not Found', { status: 404 });
    }
  });
}
