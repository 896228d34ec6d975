import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
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
 * `SchemaApp` as `look`: `muiLook` from `@soloist/renderer/mui` is the full one; `plainLook` (./plain-look) draws plain
 * HTML and has no screen kinds, for a host that brings its own (then no MUI is installed or bundled).
 * @example <SchemaApp look={{ ...plainLook, screenKinds: { list: MyList, form: MyForm } }} … />
 */
export interface Look {
  screenKinds: Record<string, ScreenKind>;
  Spinner: ComponentType<SpinnerProps>;
  Notice: ComponentType<NoticeProps>;
  Action: ComponentType<ActionProps>;
  Message: ComponentType<MessageProps>;
}

const LookContext = createContext<Look | null>(null);

/**
 * Gives the parts below it a look (SchemaApp does this with its `look`).
 * @example <LookProvider look={muiLook}><ScreenView … /></LookProvider>
 */
export const LookProvider = ({ look, children }: { look: Look; children: ReactNode }) => (
  <LookContext.Provider value={look}>{children}</LookContext.Provider>
);

/**
 * The look of the app around (SchemaApp's, or a LookProvider's): the parts a screen draws with.
 * @example const { Notice, Action } = useLook();
 */
export function useLook(): Look {
  const look = useContext(LookContext);
  if (!look) throw new Error(NO_LOOK);
  return look;
}

/** Said when nothing gave a look: a screen cannot be drawn without one. */
export const NO_LOOK = 'SchemaApp needs a look: muiLook, plainLook or a LookProvider.';

/**
 * The look around, or none: SchemaApp takes its own `look` first.
 * @example const look = props.look ?? useLookAround();
 */
export const useLookAround = (): Look | null => useContext(LookContext);
