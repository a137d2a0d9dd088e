import type Database from 'better-sqlite3';

/**
 * Prepared statements by SQL text. Queries with IN (…) lists or page sizes vary in text, so the
 * cache is emptied when it reaches its bound rather than growing with every distinct query.
 */
export class StatementCache {
  private readonly map = new Map<string, Database.Statement>();

  constructor(
    private readonly db: Database.Database,
    private readonly bound = 256,
  ) {}

  get(sql: string): Database.Statement {
    let st = this.map.get(sql);
    if (!st) {
      if (this.map.size >= this.bound) this.map.clear();
      st = this.db.prepare(sql);
      this.map.set(sql, st);
    }
    return st;
  }
}
