import { describe, expect, it } from 'vitest';
import { createWheelStepper } from '../../../src/renderer/src/board/wheel';

describe('wheel stepper', () => {
  it('turns once per mouse notch, in the wheel direction', () => {
    const step = createWheelStepper(50, 400, () => 0);
    expect(step({ deltaY: 100 })).toBe(1);
    expect(step({ deltaY: 100 })).toBe(1);
    expect(step({ deltaY: -120 })).toBe(-1);
    expect(step({ deltaY: 3, deltaMode: 1 })).toBe(1); // lines
  });

  it('adds up small trackpad deltas', () => {
    const step = createWheelStepper(50, 400, () => 0);
    const got = [4, 8, 12, 16, 20].map((d) => step({ deltaY: d }));
    expect(got).toEqual([0, 0, 0, 0, 1]);
    expect(step({ deltaY: 0, deltaX: -60 })).toBe(-1);
  });

  it('forgets a partial turn after a pause', () => {
    let t = 0;
    const step = createWheelStepper(50, 400, () => t);
    expect(step({ deltaY: 40 })).toBe(0);
    t = 1000;
    expect(step({ deltaY: 40 })).toBe(0);
    t = 1100;
    expect(step({ deltaY: 40 })).toBe(1);
  });
});
