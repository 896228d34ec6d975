import { getDefaultRegistry } from '@rjsf/core';
import { fields, widgets } from '../../../packages/renderer/react/form/rjsf-defaults';

/** The browser build registers these instead of rjsf's own lists: every name rjsf has must still be there. */
describe("rjsf's default fields and widgets", () => {
  const stock = getDefaultRegistry();

  it('has every field name rjsf registers', () => {
    expect(Object.keys(fields()).sort()).toEqual(Object.keys(stock.fields).sort());
  });

  it('has every widget name rjsf registers', () => {
    expect(Object.keys(widgets()).sort()).toEqual(Object.keys(stock.widgets).sort());
  });

  it('loads the rarely used ones on first use and keeps the common ones as they are', () => {
    expect(widgets().TextWidget.name).not.toBe('Later');
    expect(fields().ObjectField.name).not.toBe('Later');
    expect(widgets().RatingWidget.name).toBe('Later');
    expect(fields().LayoutGridField.name).toBe('Later');
  });
});
