import { lazy, Suspense } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import LinearProgress from '@mui/material/LinearProgress';

// The picker pulls in MUI's Autocomplete: its own chunk, loaded by the first form that uses it.
const Picker = lazy(() => import(/* webpackChunkName: "widget-resource-select" */ './resourceSelect.js'));

/** rjsf wants a function component, not a lazy object: this one waits for the chunk and renders the picker. */
export default function LazyResourceSelect(props: WidgetProps) {
  return (
    <Suspense fallback={<LinearProgress />}>
      <Picker {...props} />
    </Suspense>
  );
}

const Text = lazy(() => import(/* webpackChunkName: "widget-resource-select" */ './resourceText.js'));

/** Free text suggested from another resource's records (the same chunk as the picker). */
export function LazyResourceText(props: WidgetProps) {
  return (
    <Suspense fallback={<LinearProgress />}>
      <Text {...props} />
    </Suspense>
  );
}
