import { currentStep, visibleSteps } from '../../../renderer/react/screens/WizardScreen';
import { matchesWhen, type WizardStepDef } from '../../../renderer/core/types';

const steps: WizardStepDef[] = [
  { id: 'start', title: 'a', widget: 'w' },
  { id: 'verify', title: 'b', widget: 'w', when: { verified: [false, null] } },
  { id: 'service', title: 'c', widget: 'w', requires: ['verified'] },
  { id: 'details', title: 'd', widget: 'w', when: { needs_details: [true] }, requires: ['hold'] },
  { id: 'done', title: 'e', widget: 'w', requires: ['booking'], final: true },
];

describe('wizard steps', () => {
  it('shows a step only while its condition holds (null stands for unset)', () => {
    expect(matchesWhen(undefined, {})).toBe(true);
    expect(matchesWhen({ verified: [false, null] }, {})).toBe(true);
    expect(matchesWhen({ verified: [false, null] }, { verified: true })).toBe(false);
    expect(visibleSteps(steps, {}).map((s) => s.id)).toEqual(['start', 'verify', 'service', 'done']);
    expect(visibleSteps(steps, { verified: true, needs_details: true }).map((s) => s.id)).toEqual(['start', 'service', 'details', 'done']);
  });

  it('opens the step the URL names only when it has the data it needs', () => {
    const visible = visibleSteps(steps, { verified: true });
    expect(currentStep(visible, { verified: true }, 'service')).toBe(1);
    expect(currentStep(visible, { verified: true }, 'done')).toBe(0);
    expect(currentStep(visible, { verified: true, booking: { id: 1 } }, 'done')).toBe(2);
    expect(currentStep(visible, {}, 'nowhere')).toBe(0);
    expect(currentStep(visible, {}, null)).toBe(0);
  });
});
