/** `serve` on a host name that does not resolve: one line in words, not getaddrinfo's code. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDb } from '../../helpers/cli';

describe('workbench serve --host', () => {
  it('a host that does not exist is said so', () => {
    const statics = mkdtempSync(join(tmpdir(), 'workbench-static-'));
    // .invalid never resolves (RFC 6761).
    const r = cli(['serve', '--host', 'notahost.invalid', '--port', '0', '--static', statics, '--db', tempDb()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^workbench serve: cannot listen on host notahost\.invalid: (no such host|its name could not be looked up now \(EAI_AGAIN\).*)\n$/,
    );
  });
});
