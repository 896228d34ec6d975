import { setTourText } from '../../../packages/renderer/core/overlay-tour';

/** A tour step's text is the only thing the op changes; anything else is refused with a reason. */
describe('setting a tour step’s text', () => {
  const screen = () => ({ tour: { steps: [{ id: 'search', target: 'search', title: 'k.title', text: 'k.text' }] } });

  it('points the step at the new key and keeps its target and title', () => {
    const s = screen();
    expect(setTourText(s, 'tour[id=search]', 'overlay.key')).toBeNull();
    expect(s.tour.steps[0]).toEqual({ id: 'search', target: 'search', title: 'k.title', text: 'overlay.key' });
  });

  it('refuses a step not there, a screen without a tour and a target of another shape', () => {
    expect(setTourText(screen(), 'tour[id=nowhere]', 'k')).toMatch(/no step "nowhere"/);
    expect(setTourText({}, 'tour[id=search]', 'k')).toMatch(/no step/);
    expect(setTourText(screen(), 'tour[title=x]', 'k')).toMatch(/tour\[id=/);
  });
});
