import { describe, expect, it } from 'vitest';
import { SpeedMeter, SPEED_WINDOW_MS } from './speed-meter';

describe('SpeedMeter (bytes/s over a sliding window)', () => {
  it('averages the bytes since the start while younger than the window', () => {
    const m = new SpeedMeter(0);
    expect(m.speed(0)).toBe(0);
    m.add(1000, 2000);
    m.add(2000, 2000);
    expect(m.speed(2000)).toBe(2000);
  });

  it('forgets bytes older than the window, so a stall brings the speed to 0', () => {
    expect(SPEED_WINDOW_MS).toBe(5000);
    const m = new SpeedMeter(0);
    for (let t = 1000; t <= 10_000; t += 1000) m.add(t, t <= 5000 ? 10_000 : 1000);
    // the window (5 s → 10 s) holds only the slow seconds
    expect(m.speed(10_000)).toBe(1000);
    expect(m.speed(20_000)).toBe(0);
  });
});
