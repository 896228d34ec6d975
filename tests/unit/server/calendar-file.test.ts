import { calendarFile } from '../../../src/server/features/online-booking/calendar-file';
import { dayInWords } from '../../../src/domain/dates-in-words';

describe('the booking calendar file (RFC 5545)', () => {
  const file = calendarFile({
    uid: 'appointment-7@soloist',
    start: '2026-11-24T10:00:00.000Z',
    end: '2026-11-24T10:45:00.000Z',
    stamp: '2026-11-23T08:30:05.123Z',
    summary: 'Cut, colour; style\\done',
    description: 'Line one\nline two',
    location: 'Flat 2, 10 High St',
    url: `https://example.com/${'x'.repeat(120)}`,
  });
  const lines = file.split('\r\n');

  it('writes one event in UTC with CRLF line ends', () => {
    expect(lines.slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VEVENT',
        'UID:appointment-7@soloist',
        'DTSTAMP:20261123T083005Z',
        'DTSTART:20261124T100000Z',
        'DTEND:20261124T104500Z',
        'END:VEVENT',
      ]),
    );
    expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('escapes text and folds long lines at 75 octets', () => {
    expect(lines).toContain('SUMMARY:Cut\\, colour\\; style\\\\done');
    expect(lines).toContain('DESCRIPTION:Line one\\nline two');
    expect(lines).toContain('LOCATION:Flat 2\\, 10 High St');
    expect(lines.every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(file.replace(/\r\n /g, '')).toContain(`URL:https://example.com/${'x'.repeat(120)}`);
  });

  it('counts octets, not characters, and never splits a character', () => {
    const cyrillic = calendarFile({
      uid: 'u',
      start: '2026-11-24T10:00:00Z',
      end: '2026-11-24T11:00:00Z',
      stamp: '2026-11-24T10:00:00Z',
      summary: 'Стрижка у Олени '.repeat(8),
    });
    // Cyrillic letters take two octets each: 75 characters would be too long.
    expect(cyrillic.split('\r\n').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(cyrillic.replace(/\r\n /g, '')).toContain(`SUMMARY:${'Стрижка у Олени '.repeat(8)}`);
  });
});

describe('dates in words for messages', () => {
  it('writes the weekday, day, month and year in the client’s language', () => {
    expect(dayInWords('en', '2026-11-24')).toBe('Tuesday 24 November 2026');
    expect(dayInWords('uk', '2026-11-24')).toBe('вівторок, 24 листопада 2026 р.');
  });
});
