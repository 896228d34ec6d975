import { toastTop, type Box } from '../../../src/app/toast-position';

/** Spec §9 toasts sit top right below the header; they move down past controls instead of covering them. */
describe('toastTop', () => {
  const column = { left: 1000, right: 1360 };
  const button = (top: number, left = 1200, height = 30): Box => ({
    left,
    right: left + 150,
    top,
    bottom: top + height,
  });

  it('stays just below the header when nothing is in the way', () => {
    expect(toastTop([button(400), button(80, 100)], column, 72, 96, 400)).toBe(72);
  });

  it('moves below a banner button at the top right ("Back to my admin account")', () => {
    expect(toastTop([button(90)], column, 72, 96, 400)).toBe(128);
  });

  it('moves past a stack of controls (banner, then the calendar view buttons) to the first free place', () => {
    const top = toastTop([button(90), button(150, 1100), button(190, 1250)], column, 72, 96, 600);
    expect(top).toBe(228);
  });

  it('uses a gap between two controls when the toast fits there', () => {
    expect(toastTop([button(90), button(300)], column, 72, 96, 600)).toBe(128);
  });

  it('stays at the top when no free place is left above the limit', () => {
    const wall = Array.from({ length: 20 }, (_, i) => button(80 + i * 40));
    expect(toastTop(wall, column, 72, 96, 400)).toBe(72);
  });
});
