import { hasConditionalRequired, requiredFor } from '../../../packages/renderer/core/conditional-required';
import type { JsonSchema } from '../../../packages/renderer/core/types';

const expense: JsonSchema = {
  required: ['date'],
  allOf: [
    {
      if: { properties: { type: { const: 'mileage' } }, required: ['type'] },
      then: { required: ['miles'] },
      else: { required: ['amount'] },
    },
  ],
};

describe('the fields a schema requires for the data', () => {
  it('adds the branch the data takes to what is always required', () => {
    expect(requiredFor(expense, { type: 'mileage' })).toEqual(['date', 'miles']);
    expect(requiredFor(expense, { type: 'expense' })).toEqual(['date', 'amount']);
    expect(requiredFor(expense, undefined)).toEqual(['date', 'amount']);
    expect(hasConditionalRequired(expense)).toBe(true);
    expect(hasConditionalRequired({ required: ['date'] })).toBe(false);
  });

  it('reads enum conditions and an if at the top; a condition it cannot judge adds nothing', () => {
    const top: JsonSchema = {
      if: { properties: { kind: { enum: ['a', 'b'] } } },
      then: { required: ['x'] },
      else: { required: ['y'] },
    };
    expect(requiredFor(top, { kind: 'b' })).toEqual(['x']);
    expect(requiredFor(top, { kind: 'c' })).toEqual(['y']);
    expect(requiredFor({ if: { properties: { n: { minimum: 3 } } }, then: { required: ['x'] } }, { n: 5 })).toEqual([]);
  });
});
