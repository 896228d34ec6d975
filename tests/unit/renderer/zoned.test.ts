import { instantOfWallTime, wallTimeIn } from '../../../packages/renderer/core/zoned';

describe('wall-clock times in the business’s zone', () => {
  it('reads an instant as the zone’s clock, winter and summer', () => {
    expect(wallTimeIn('2026-11-24T08:00:00Z', 'Europe/Kyiv')).toBe('2026-11-24T10:00');
    expect(wallTimeIn('2026-07-01T08:00:00Z', 'Europe/London')).toBe('2026-07-01T09:00');
    expect(wallTimeIn('2026-07-01T03:30:00Z', 'America/New_York')).toBe('2026-06-30T23:30');
    expect(wallTimeIn('not a time', 'Europe/London')).toBe('');
  });

  it('turns a typed time back into the instant it names there, whatever the browser’s zone', () => {
    expect(instantOfWallTime('2026-11-24T10:00', 'Europe/Kyiv')).toBe('2026-11-24T08:00:00.000Z');
    expect(instantOfWallTime('2026-07-01T09:00', 'Europe/London')).toBe('2026-07-01T08:00:00.000Z');
    expect(instantOfWallTime('2026-06-30T23:30', 'America/New_York')).toBe('2026-07-01T03:30:00.000Z');
    expect(instantOfWallTime('', 'Europe/London')).toBeUndefined();
  });

  it('moves a time the spring change skips forward, and takes the first of a time the autumn change repeats', () => {
    // London, 29 March 2026: 01:00 GMT becomes 02:00 BST, so 01:30 does not exist — 02:30 BST is meant.
    expect(instantOfWallTime('2026-03-29T01:30', 'Europe/London')).toBe('2026-03-29T01:30:00.000Z');
    // 25 October 2026: 01:30 happens twice, first in BST (00:30 UTC).
    expect(instantOfWallTime('2026-10-25T01:30', 'Europe/London')).toBe('2026-10-25T00:30:00.000Z');
    // Kyiv's autumn change (04:00 EEST → 03:00 EET): 03:30 first in EEST.
    expect(instantOfWallTime('2026-10-25T03:30', 'Europe/Kyiv')).toBe('2026-10-25T00:30:00.000Z');
  });

  it('round-trips every quarter hour of a year with clock changes', () => {
    for (let ms = Date.parse('2026-01-01T00:00:00Z'); ms < Date.parse('2027-01-01T00:00:00Z'); ms += 15 * 60_000 * 97) {
      const iso = new Date(ms).toISOString();
      const back = instantOfWallTime(wallTimeIn(iso, 'Europe/Kyiv'), 'Europe/Kyiv')!;
      // A repeated hour's second pass reads back as its first: an hour earlier, never anything else.
      expect([0, 3_600_000]).toContain(ms - Date.parse(back));
    }
  });
});
