import { BUILTIN_SCREEN_KINDS, RENDERER_WIDGETS } from '../../../renderer/core/builtins';
import { defaultWidgets } from '../../../renderer/react/form/widgets';
import { defaultScreenKinds } from '../../../renderer/react/ScreenLoader';

describe('renderer built-ins', () => {
  it('lists exactly the screen kinds and widgets the registries hold (the schema checker reads the lists)', () => {
    expect(defaultScreenKinds.names().sort()).toEqual([...BUILTIN_SCREEN_KINDS].sort());
    expect(defaultWidgets.names().sort()).toEqual([...RENDERER_WIDGETS].sort());
  });
});
