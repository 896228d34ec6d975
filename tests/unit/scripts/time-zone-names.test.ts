import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

it('names every time zone an owner can choose in words, in both languages (the select shows enums.<zone>)', () => {
  const zones = read('schemas/resources/calendar-settings.json').properties.time_zone.enum as string[];
  for (const lng of ['en', 'uk']) {
    const enums = read(`src/locales/${lng}.json`).enums as Record<string, string>;
    for (const zone of zones)
      expect([lng, zone, typeof enums[zone] === 'string' && enums[zone] !== zone]).toEqual([lng, zone, true]);
  }
});
