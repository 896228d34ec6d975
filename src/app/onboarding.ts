import type { TourHost } from '@soloist/renderer';

interface DoneSteps {
  data: Array<{ step_id: string }>;
}

/**
 * The screens' onboarding tours for the signed-in user (spec §3, §4): the steps done are read once per session
 * (`onboarding.steps`) and each step passed or skipped is marked once (`onboarding.done`), through the renderer's
 * named calls. A failed read is asked again on the next screen.
 */
export function onboardingTours(): TourHost {
  let done: Promise<Set<string>> | null = null;
  return {
    done(data) {
      const read = (done ??= data
        .call<DoneSteps>('onboarding.steps')
        .then((answer) => new Set(answer.data.map((s) => s.step_id))));
      read.catch(() => {
        if (done === read) done = null;
      });
      return read;
    },
    // The popovers (driver.js) in a chunk of their own, loaded when a tour is first shown.
    load: () => import(/* webpackChunkName: "tour" */ '@soloist/renderer/tour'),
    async markDone(key, data) {
      void done?.then((keys) => keys.add(key)).catch(() => undefined);
      await data.call('onboarding.done', { body: { step_id: key } });
    },
  };
}
