import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Store } from '../../../src/main/store';
import { readSetting, updateSetting, writeSetting } from '../../../src/main/services/settings';

describe('settings', () => {
  it('reads each value through its schema; one that does not fit reads as never set', () => {
    const store = Store.open(join(mkdtempSync(join(tmpdir(), 'settings-')), 's.db'));
    try {
      expect(readSetting(store, 'redis.url')).toBeUndefined();
      writeSetting(store, 'redis.url', 'redis://localhost:6379');
      expect(readSetting(store, 'redis.url')).toBe('redis://localhost:6379');
      for (const bad of ['', 42, { url: 'x' }]) {
        store.setSetting('redis.url', bad);
        expect(readSetting(store, 'redis.url'), JSON.stringify(bad)).toBeUndefined();
      }
      store.setSetting('library.samples', ['a', 3, null, 'b']);
      expect(readSetting(store, 'library.samples')).toEqual(['a', 'b']);
      store.setSetting('library.samples', 'a');
      expect(updateSetting(store, 'library.samples', (seen) => [...(seen ?? []), 'c'])).toEqual(['c']);
      expect(store.getSetting('library.samples')).toEqual(['c']);
    } finally {
      store.dispose();
    }
  });
});
