import calls from '../../../schemas/calls.json';
import { CALL_ROUTES } from '../../../src/domain/calls';

describe('the typed answers of the named calls', () => {
  it('name each call by the method and path schemas/calls.json declares', () => {
    const declared = calls.calls as Record<string, { method: string; path: string }>;
    for (const [name, route] of Object.entries(CALL_ROUTES)) {
      expect(declared[name]).toBeDefined();
      expect(`${declared[name].method} ${declared[name].path}`).toBe(route);
    }
  });
});
