/** A database SQLite cannot open or make is said with the system's reason, for the app and serve as for the CLI. */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Store } from '../../../src/main/store/store';
import { Workbench } from '../../../src/main/services/workbench';

describe('a database file that cannot be opened', () => {
  it.skipIf(!existsSync('/proc/self'))('says why, in the store and so in every caller', () => {
    expect(() => Store.open('/proc/x.db')).toThrow(/^the database file \/proc\/x\.db cannot be opened: no file can be made in \/proc \(.+\)$/);
    expect(() =>
      Workbench.open({
        dbPath: '/proc/x.db',
        spawn: () => {
          throw new Error('no workers');
        },
      }),
    ).toThrow(/cannot be opened: no file can be made in \/proc/);
  });
});
