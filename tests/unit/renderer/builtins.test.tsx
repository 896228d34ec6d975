import { BUILTIN_SCREEN_KINDS, RENDERER_WIDGETS } from '../../../packages/renderer/core/builtins';
import { defaultWidgets } from '../../../packages/renderer/react/form/widgets';
import { muiScreenKinds } from '../../../packages/renderer/react/shell/mui-look';
import { cellTypes, screenWidgets, widgets } from '../../../src/widgets';
import { APP_CELL_TYPES, APP_SCREEN_WIDGETS, APP_WIDGETS } from '../../../src/domain/widget-names';

describe('renderer built-ins', () => {
  it('lists exactly the screen kinds and widgets the registries hold (the schema checker reads the lists)', () => {
    expect(Object.keys(muiScreenKinds).sort()).toEqual([...BUILTIN_SCREEN_KINDS].sort());
    expect(defaultWidgets.names().sort()).toEqual([...RENDERER_WIDGETS].sort());
  });

  it("lists exactly the app's widgets and screen widgets (the schema checks, at build and on reload, read the lists)", () => {
    expect([...APP_WIDGETS].sort()).toEqual(Object.keys(widgets).sort());
    expect([...APP_SCREEN_WIDGETS].sort()).toEqual(Object.keys(screenWidgets).sort());
    expect([...APP_CELL_TYPES].sort()).toEqual(Object.keys(cellTypes).sort());
  });
});
