import { describe, expect, it } from 'vitest';
import { ago, familyShort, messageOf } from '../../../src/renderer/src/lib/format';

describe('formatting', () => {
  it('keeps the first line of an error', () => {
    expect(messageOf(new Error('a.txt:3: expected 4 colours\n    at parse (x.ts:1:1)'))).toBe('a.txt:3: expected 4 colours');
    expect(messageOf('Error: plain')).toBe('plain');
  });

  it('says how long ago', () => {
    const now = Date.UTC(2026, 0, 10, 12);
    expect(ago(null, now)).toBe('Never');
    expect(ago(now - 10_000, now)).toBe('Just now');
    expect(ago(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(ago(now - 3 * 3_600_000, now)).toBe('3 hours ago');
    expect(ago(now - 86_400_000, now)).toBe('yesterday');
    // Older dates as every view writes them (core/text/run-text whenText): 24-hour clock.
    expect(ago(now - 90 * 86_400_000, now)).toMatch(/2025/);
    expect(ago(now - 90 * 86_400_000, now)).not.toMatch(/AM|PM/);
  });

  it('names families short', () => {
    expect(familyShort('parity')).toBe('Casse-tête');
    expect(familyShort('edge')).toBe('Edge');
  });
});
