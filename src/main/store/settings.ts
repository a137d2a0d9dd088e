/** Settings: one JSON value per key, written whole. */
import { toJson, type StoreCore } from './core';
import { parseStored } from './errors';

/** The Store's setting methods (see Store for each one's contract). */
export class Settings {
  constructor(private readonly core: StoreCore) {}

  get(key: string): unknown {
    return this.core.guard(() => this.read(key));
  }

  set(key: string, value: unknown): void {
    this.core.write(() => {
      this.core.statements
        .get(
          `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
        )
        .run(key, toJson(value), this.core.now());
    });
  }

  update<T>(key: string, fn: (current: unknown) => T): T {
    return this.core.tx(() => {
      const next = fn(this.read(key));
      this.set(key, next);
      return next;
    });
  }

  private read(key: string): unknown {
    const v = this.core.statements.get(`SELECT value FROM settings WHERE key = ?`).pluck().get(key) as string | undefined;
    return v === undefined ? undefined : parseStored(v, () => `the setting ${key}`);
  }
}
