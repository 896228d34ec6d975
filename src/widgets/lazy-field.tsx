import { lazy, Suspense, type ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { RendererWidget } from '../../renderer';

/**
 * A form-field widget loaded with the first form that uses it (its own chunk), so pages without that field do not
 * carry its code. Until it arrives the field keeps its place.
 */
export function lazyField(load: () => Promise<{ default: ComponentType<WidgetProps> }>): RendererWidget {
  const Field = lazy(load);
  function LazyField(props: WidgetProps) {
    return (
      <Suspense fallback={<div className="sf-input" aria-busy="true" />}>
        <Field {...props} />
      </Suspense>
    );
  }
  return LazyField;
}
