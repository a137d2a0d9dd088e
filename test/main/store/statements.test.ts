import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { StatementCache } from '../../../src/main/store/statements';

describe('StatementCache', () => {
  const db = new Database(':memory:');

  it('prepares each text once and starts over at its bound', () => {
    const cache = new StatementCache(db, 3);
    const a = cache.get('SELECT 1');
    expect(cache.get('SELECT 1')).toBe(a);
    cache.get('SELECT 2');
    cache.get('SELECT 3');
    expect(cache.get('SELECT 1')).toBe(a);
    cache.get('SELECT 4'); // fourth text: the cache is emptied first
    expect(cache.get('SELECT 1')).not.toBe(a);
    expect(cache.get('SELECT 1').pluck().get()).toBe(1);
  });
});
