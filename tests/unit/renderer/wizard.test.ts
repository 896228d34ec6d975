import { currentStep, stepCounter, visibleSteps } from '../../../packages/renderer/core/wizard';
import { matchesWhen, type WizardStepDef } from '../../../packages/renderer/core/types';

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
    expect(visibleSteps(steps, { verified: true, needs_details: true }).map((s) => s.id)).toEqual([
      'start',
      'service',
      'details',
      'done',
    ]);
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

describe('the step counter', () => {
  // The booking page's shape: a choice first, a verification that hides itself once done, branches by kind.
  const booking: WizardStepDef[] = [
    { id: 'start', title: 'a', widget: 'w' },
    { id: 'verify', title: 'b', widget: 'w', when: { verified: [false, null] } },
    { id: 'service', title: 'c', widget: 'w', when: { kind: ['appointment'] } },
    { id: 'time', title: 'd', widget: 'w', when: { kind: ['appointment'] } },
    { id: 'voucher', title: 'e', widget: 'w', when: { kind: ['voucher'] } },
    { id: 'purchase', title: 'f', widget: 'w', when: { kind: ['voucher'] } },
    { id: 'confirm', title: 'g', widget: 'w', when: { kind: ['appointment'] } },
    { id: 'done', title: 'h', widget: 'w', final: true },
  ];
  const at = (id: string) => booking.find((s) => s.id === id)!;

  it('says only "Step n" while a later step waits on a choice not made yet', () => {
    expect(stepCounter(booking, {}, [], at('start'))).toEqual({ n: 1, total: null });
    expect(stepCounter(booking, { verified: true }, [], at('start'))).toEqual({ n: 1, total: null });
  });

  it('keeps the number and the total when the verification step hides itself', () => {
    const chosen = { kind: 'appointment', verified: false };
    expect(stepCounter(booking, chosen, ['start'], at('verify'))).toEqual({ n: 2, total: 6 });
    const verified = { ...chosen, verified: true };
    expect(stepCounter(booking, verified, ['start', 'verify'], at('service'))).toEqual({ n: 3, total: 6 });
    expect(stepCounter(booking, verified, ['start', 'verify', 'service'], at('time'))).toEqual({ n: 4, total: 6 });
    expect(stepCounter(booking, verified, ['start', 'verify', 'service', 'time', 'confirm'], at('done'))).toEqual({
      n: 6,
      total: 6,
    });
  });

  it('never shows a total that changes: a choice being made again on its own step is not decided yet', () => {
    // The client chose a voucher, then went back to the first step (browser back): the choice is in the data, but
    // the first step is where it is made again, so the counter does not promise the voucher branch's 4 steps.
    const data = { kind: 'voucher', verified: true };
    const setBy = { kind: 'start', verified: 'start' };
    expect(stepCounter(booking, data, ['start', 'voucher'], at('start'), setBy)).toEqual({ n: 1, total: null });
    // Choosing an appointment instead: from the second step on, one total for the whole booking.
    const chosen = { kind: 'appointment', verified: true };
    expect(stepCounter(booking, chosen, ['start'], at('service'), setBy)).toEqual({ n: 2, total: 5 });
    expect(stepCounter(booking, chosen, ['start', 'service'], at('time'), setBy)).toEqual({ n: 3, total: 5 });
  });

  it('counts a device verified before as one step fewer from the start of its branch', () => {
    const data = { kind: 'voucher', verified: true };
    expect(stepCounter(booking, data, ['start'], at('voucher'))).toEqual({ n: 2, total: 4 });
    expect(stepCounter(booking, data, ['start', 'voucher'], at('purchase'))).toEqual({ n: 3, total: 4 });
  });
});
