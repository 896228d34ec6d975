import { createContext, useContext, useId, type ComponentType, type ReactNode } from 'react';
import { Link } from './router.js';
import type { ScreenKind } from './types.js';

/**
 * A spinner's props: what screen readers hear, and whether it stands in a line rather than a screen's place.
 * @example const props: SpinnerProps = { label: 'Loading…', inline: true };
 */
export interface SpinnerProps {
  label: string;
  inline?: boolean;
}

/**
 * A notice in a screen's place: a screen that failed (with a way to try again), or a gate's refusal (with the way on).
 * `actionsBelow` puts the actions under the message rather than beside it.
 * @example <Notice severity="error" title="This screen failed" actions={<Action onClick={retry}>Retry</Action>}>…</Notice>
 */
export interface NoticeProps {
  severity: 'error' | 'info';
  title?: string;
  children: ReactNode;
  actions?: ReactNode;
  actionsBelow?: boolean;
}

/**
 * A notice's action: a button (`onClick`) or a link to an address of the app (`to`).
 * @example <Action to="/billing">See the plans</Action>
 */
export interface ActionProps {
  children: ReactNode;
  onClick?: () => void;
  to?: string;
  disabled?: boolean;
}

/**
 * A message the person closes: a heading, its text, one button.
 * @example <Message title="Request received!" closeLabel="Close" onClose={close}>We will be in touch.</Message>
 */
export interface MessageProps {
  title: string;
  children?: ReactNode;
  closeLabel: string;
  onClose(): void;
}

/**
 * How the renderer draws: the screen kinds (list, form, detail, …) and the few parts it draws around them — a
 * spinner while a screen waits, a notice when it fails or a gate refuses it, the notice's actions, and a message the
 * person closes (the answer to a request for access). Give it to
 * `SchemaApp` as `look`: `muiLook` from `@soloist/renderer/mui` is the full one; `plainLook` draws plain HTML and has
 * no screen kinds, for a host that brings its own (then no MUI is installed or bundled).
 * @example <SchemaApp look={{ ...plainLook, screenKinds: { list: MyList, form: MyForm } }} … />
 */
export interface Look {
  screenKinds: Record<string, ScreenKind>;
  Spinner: ComponentType<SpinnerProps>;
  Notice: ComponentType<NoticeProps>;
  Action: ComponentType<ActionProps>;
  Message: ComponentType<MessageProps>;
}

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

const LookContext = createContext<Look>(plainLook);

/**
 * Gives the parts below it a look (SchemaApp does this with its `look`).
 * @example <LookProvider look={muiLook}><ScreenView … /></LookProvider>
 */
export const LookProvider = ({ look, children }: { look: Look; children: ReactNode }) => (
  <LookContext.Provider value={look}>{children}</LookContext.Provider>
);

/**
 * The look of the app around: the parts a screen draws with (plain HTML outside any SchemaApp).
 * @example const { Notice, Action } = useLook();
 */
export const useLook = (): Look => useContext(LookContext);
