import { valueTicks } from '../../../src/widgets/charts/frame';

describe("a chart's value ticks", () => {
  it('are each whole number for a small count, never a fraction a count would show rounded', () => {
    expect(valueTicks('count', 1)).toEqual([0, 1]);
    expect(valueTicks('count', 0)).toEqual([0, 1]);
    expect(valueTicks('count', 3)).toEqual([0, 1, 2, 3]);
    expect(valueTicks('count', 4)).toEqual([0, 1, 2, 3, 4]);
  });

  it('are left to the chart, four of them, for larger counts and for money', () => {
    expect(valueTicks('count', 5)).toBe(4);
    expect(valueTicks('money', 1)).toBe(4);
  });
});
