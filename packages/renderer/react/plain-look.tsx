import { useId } from 'react';
import type { ActionProps, Look, MessageProps } from './look.js';
import { Link } from './router.js';

/** A link (followed by the app's router) or a button, as plain HTML. */
function PlainAction({ children, onClick, to, disabled }: ActionProps) {
  if (to !== undefined) return <Link to={to}>{children}</Link>;
  return (
    <button type="button" onClick={onClick} disabled={disabled}>
      {children}
    </button>
  );
}

/** A message as an open HTML dialog, its button focused. */
function PlainMessage({ title, children, closeLabel, onClose }: MessageProps) {
  const heading = useId();
  return (
    <dialog open aria-labelledby={heading} className="sdui-message">
      <h2 id={heading}>{title}</h2>
      {children && <p>{children}</p>}
      <button type="button" onClick={onClose} autoFocus>
        {closeLabel}
      </button>
    </dialog>
  );
}

/**
 * The look of plain HTML, with no screen kinds: a host with its own look starts from it.
 * @example <SchemaApp look={{ ...plainLook, screenKinds: { list: TaskList } }} … />
 */
export const plainLook: Look = {
  screenKinds: {},
  Spinner: ({ label, inline }) => (
    <div role="progressbar" aria-label={label} data-loading="true" className="sdui-spinner" data-inline={inline}>
      {label}
    </div>
  ),
  Notice: ({ severity, title, children, actions }) => (
    <div role={severity === 'error' ? 'alert' : 'status'} className={`sdui-notice sdui-notice-${severity}`}>
      {title && <strong>{title}</strong>}
      <div>{children}</div>
      {actions && <div>{actions}</div>}
    </div>
  ),
  Action: PlainAction,
  Message: PlainMessage,
};
