import { toastTop, type Box } from '../../../../packages/renderer/react/shell/toast-position';

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

  it('stays at the top when no free place is left above the limit and every place hides a whole control', () => {
    const wall = Array.from({ length: 20 }, (_, i) => button(80 + i * 40));
    expect(toastTop(wall, column, 72, 96, 400)).toBe(72);
  });

  it('with no free place above the limit, covers the top of a large box rather than a whole button', () => {
    const phone = { left: 8, right: 382 };
    const back = { left: 222, right: 370, top: 78, bottom: 132 };
    const card = { left: 12, right: 378, top: 210, bottom: 313 };
    const newClient = { left: 12, right: 134, top: 329, bottom: 366 };
    expect(toastTop([back, card, newClient], phone, 64, 87, 422)).toBe(140);
  });

  it('on a phone, goes down the screen rather than cover what it keeps (the first card, headings)', () => {
    // 390 × 844, signed in as an owner: the banner's button, the first dashboard card, a button below it.
    const phone = { left: 8, right: 382 };
    const back = { left: 222, right: 370, top: 78, bottom: 132 };
    const card = { left: 12, right: 378, top: 210, bottom: 313 };
    const newClient = { left: 12, right: 134, top: 329, bottom: 366 };
    expect(toastTop([back, newClient], phone, 64, 87, 836, [card])).toBe(374);
  });

  it('hides part of a button rather than any of a kept heading when nothing is free', () => {
    const column = { left: 8, right: 382 };
    const heading = { left: 12, right: 378, top: 72, bottom: 100 };
    const buttons = Array.from({ length: 8 }, (_, i) => ({
      left: 12,
      right: 378,
      top: 108 + i * 50,
      bottom: 148 + i * 50,
    }));
    const top = toastTop(buttons, column, 64, 87, 500, [heading]);
    expect(top).toBeGreaterThanOrEqual(100);
  });
});
