import { lazy, Suspense, type ComponentProps } from 'react';

/** A form's intro (sentences above it, `FormIntro`): a chunk of its own, as few forms have one — not the sign-in's. */
const FormIntro = lazy(() =>
  import(/* webpackChunkName: "form-intro" */ './FormIntro.js').then((m) => ({ default: m.FormIntro })),
);

export function FormIntroSlot(props: ComponentProps<typeof FormIntro>) {
  return (
    <Suspense fallback={null}>
      <FormIntro {...props} />
    </Suspense>
  );
}
