/**
 * Sets the clock (Date only) to `now` for an API test of the owner's days; timers, ticks and I/O run as usual, so the
 * real app and database work. Move it later with `jest.setSystemTime`; end with `jest.useRealTimers()`.
 */
export function setClock(now: number): void {
  jest.useFakeTimers({
    now,
    advanceTimers: true,
    doNotFake: [
      'nextTick',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'hrtime',
      'performance',
    ],
  });
}
