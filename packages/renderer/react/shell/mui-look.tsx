import { lazy } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ActionProps, Look, NoticeProps, SpinnerProps } from '../look.js';
import { preloadable } from '../preloadable.js';
import { Link } from '../router.js';

/**
 * The built-in screen kinds, drawn in MUI. Each is its own chunk: a list page never downloads the form engine;
 * `preload()` fetches one ahead.
 * @example
 * <SchemaApp look={muiLook} screenKinds={{ 'x-board': BoardScreen }} … />
 * Object.keys(muiScreenKinds) // → ['list', 'form', 'detail', 'dashboard', 'wizard', 'page']
 */
export const muiScreenKinds: Look['screenKinds'] = {
  list: preloadable(() => import(/* webpackChunkName: "screen-list" */ '../screens/ListScreen.js')),
  form: preloadable(() => import(/* webpackChunkName: "screen-form" */ '../screens/FormScreen.js')),
  detail: preloadable(() => import(/* webpackChunkName: "screen-detail" */ '../screens/DetailScreen.js')),
  dashboard: preloadable(() => import(/* webpackChunkName: "screen-dashboard" */ '../screens/DashboardScreen.js')),
  wizard: preloadable(() => import(/* webpackChunkName: "screen-wizard" */ '../screens/WizardScreen.js')),
  page: preloadable(() => import(/* webpackChunkName: "screen-page" */ '../screens/PageScreen.js')),
};

function Spinner({ label, inline }: SpinnerProps) {
  return (
    <Box data-loading="true" sx={{ display: 'flex', justifyContent: 'center', py: inline ? 0.5 : 6 }}>
      <CircularProgress aria-label={label} size={inline ? 20 : 40} />
    </Box>
  );
}

function Notice({ severity, title, children, actions, actionsBelow }: NoticeProps) {
  // Below the message, the actions wrap rather than squeeze it on a phone.
  const below = actionsBelow && actions && (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1, ml: -0.75 }}>{actions}</Box>
  );
  return (
    <Alert
      severity={severity}
      role={severity === 'error' ? 'alert' : 'status'}
      action={actionsBelow ? undefined : actions}
      sx={{ maxWidth: 720 }}
    >
      {title && <AlertTitle>{title}</AlertTitle>}
      {children}
      {below}
    </Alert>
  );
}

/** A button, or a link to an address of the app drawn as one. */
const Action = ({ to, ...props }: ActionProps) =>
  to === undefined ? (
    <Button color="inherit" size="small" {...props} />
  ) : (
    <Button color="inherit" size="small" component={Link} to={to} {...props} />
  );

/** The message's dialog comes with the first message (an answer to a request for access). */
const Message = lazy(() => import(/* webpackChunkName: "gate-answer" */ './MessageDialog.js'));

/**
 * The renderer's full look, in MUI: every screen kind, a spinner, notices as alerts, their actions as buttons, messages as
 * dialogs.
 * @example <SchemaApp look={muiLook} … />
 */
export const muiLook: Look = { screenKinds: muiScreenKinds, Spinner, Notice, Action, Message };
