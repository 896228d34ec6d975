import fs from 'node:fs';
import path from 'node:path';

/** Every tour step the screen files declare, as the API names them (`<screen id>:<step id>`). */
export function allTourSteps(dir = path.join(__dirname, '..', '..', 'schemas', 'screens')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return allTourSteps(file);
    if (!entry.name.endsWith('.json')) return [];
    const screen = JSON.parse(fs.readFileSync(file, 'utf8')) as { id: string; tour?: { steps: Array<{ id: string }> } };
    return (screen.tour?.steps ?? []).map((step) => `${screen.id}:${step.id}`);
  });
}
