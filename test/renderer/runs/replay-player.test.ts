import { describe, expect, it } from 'vitest';
import { ReplayPlayer } from '../../../src/renderer/src/runs/replay-player.svelte';
import { ReplayBoards } from '../../../src/renderer/src/runs/replay-boards.svelte';
import { FIT_SECONDS } from '../../../src/renderer/src/runs/replay';

const frames = [
  { eventId: 1, t: 0, evaluations: 1, score: 10 },
  { eventId: 2, t: 100, evaluations: 50, score: 20 },
  { eventId: 3, t: 100, evaluations: 51, score: 21 },
  { eventId: 4, t: 200, evaluations: 90, score: 30 },
  { eventId: 5, t: 5000, evaluations: 4000, score: 31 },
];

describe('the replay player', () => {
  it('follows the newest moment of a live run until moved', () => {
    const p = new ReplayPlayer();
    p.update(frames.slice(0, 2), 150);
    expect(p.cursor).toEqual({ t: 150, frame: 1 });
    p.update(frames, 8000);
    expect(p.cursor).toEqual({ t: 8000, frame: 4 });
    expect(p.frameInfo?.eventId).toBe(5);
    p.previous();
    expect(p.following).toBe(false);
    expect(p.cursor).toEqual({ t: 5000, frame: 4 });
    p.update(frames, 9000);
    expect(p.cursor).toEqual({ t: 5000, frame: 4 }); // stays where it was put
    p.followEnd();
    expect(p.cursor).toEqual({ t: 9000, frame: 4 });
  });

  it('steps, seeks and clamps', () => {
    const p = new ReplayPlayer();
    p.update(frames, 8000);
    p.first();
    expect(p.cursor).toEqual({ t: 0, frame: -1 });
    expect(p.frameInfo).toBeNull();
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      p.next();
      seen.push(p.frame);
    }
    expect(seen).toEqual([0, 1, 2, 3, 4]);
    p.next(); // past the last improvement: the end of the run, followed again
    expect(p.cursor).toEqual({ t: 8000, frame: 4 });
    expect(p.following).toBe(true);
    p.seek(-50);
    expect(p.cursor).toEqual({ t: 0, frame: 0 });
    p.seek(1e9);
    expect(p.t).toBe(8000);
    p.seekSlider(0);
    expect(p.cursor).toEqual({ t: 0, frame: -1 });
    expect(p.slider).toBe(0);
    p.last();
    expect(p.slider).toBe(10_000);
  });

  it('lays the slider out by improvement or by time', () => {
    const p = new ReplayPlayer();
    p.update(frames, 8000);
    expect(p.ticks.map((k) => k.k)).toEqual([0, 1, 2, 3, 4]);
    expect(p.ticks[1]!.x).toBeCloseTo((2 / 6) * 100);
    p.scale = 'time';
    expect(p.ticks[1]!.x).toBeCloseTo((100 / 8000) * 100);
    p.seekSlider(5000);
    expect(p.t).toBe(4000);
  });

  it('plays from the start when at the end, and stops at the end following it', () => {
    const p = new ReplayPlayer();
    p.update(frames, 8000);
    expect(p.tick(16)).toBe(false); // not playing
    p.togglePlay();
    expect(p.playing).toBe(true);
    expect(p.following).toBe(false);
    expect(p.cursor).toEqual({ t: 0, frame: -1 });
    p.speedId = 'fit';
    expect(p.tick((FIT_SECONDS * 1000) / 2)).toBe(true);
    expect(p.frame).toBe(2); // half the slider: 3 of 6 slots by improvement
    p.update(frames, 8000); // a refresh while playing does not move it
    expect(p.frame).toBe(2);
    p.togglePlay();
    expect(p.playing).toBe(false);
    expect(p.tick(16)).toBe(false);
    p.togglePlay();
    expect(p.tick(FIT_SECONDS * 1000)).toBe(false);
    expect(p.playing).toBe(false);
    expect(p.following).toBe(true);
    expect(p.cursor).toEqual({ t: 8000, frame: 4 });
  });

  it('plays by time at a chosen speed', () => {
    const p = new ReplayPlayer();
    p.update(frames, 8000);
    p.scale = 'time';
    p.speedId = '10';
    p.first();
    p.togglePlay();
    p.tick(20);
    expect(p.cursor).toEqual({ t: 200, frame: 3 });
    p.seek(100); // seeking stops playback
    expect(p.playing).toBe(false);
  });

  it('starts again from nothing on reset', () => {
    const p = new ReplayPlayer();
    p.update(frames, 8000);
    p.first();
    p.reset();
    expect(p.frames).toEqual([]);
    expect(p.following).toBe(true);
    expect(p.cursor).toEqual({ t: 0, frame: -1 });
  });
});

describe('the replay boards', () => {
  it('fetches a board once, shows only the one still wanted, and fetches ahead', async () => {
    const asked: number[] = [];
    const pending = new Map<number, (b: unknown) => void>();
    const boards = new ReplayBoards(
      (_run, id) => {
        asked.push(id);
        return new Promise((res) => pending.set(id, res));
      },
      () => {},
    );
    boards.clear(7);
    boards.show(7, frames[0], frames.slice(1, 3));
    expect(asked).toEqual([1, 2, 3]);
    boards.show(7, frames[1]); // already asked, not back yet: asked again
    pending.get(1)!('board 1'); // late: no longer wanted
    pending.get(2)!('board 2');
    await Promise.resolve();
    await Promise.resolve();
    expect(boards.board).toBe('board 2');
    expect(boards.eventId).toBe(2);
    boards.show(7, frames[0]);
    expect(boards.board).toBe('board 1'); // from the cache
    expect(asked.filter((id) => id === 1)).toHaveLength(1);
    boards.show(7, undefined);
    expect(boards.board).toBeNull();
    expect(boards.eventId).toBeNull();
  });
});
