import { smsCredits, smsSize } from '../../../src/domain/sms';

/** Published GSM 03.38 / 3GPP TS 23.040 limits: 160 (153 per part) in GSM-7, 70 (67 per part) in UCS-2. */
describe('SMS size', () => {
  it('GSM-7: 160 characters in one part, 161 in two, 153 a part after that', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'GSM-7', characters: 160, parts: 1 });
    expect(smsSize('a'.repeat(161)).parts).toBe(2);
    expect(smsSize('a'.repeat(306)).parts).toBe(2);
    expect(smsSize('a'.repeat(307)).parts).toBe(3);
  });

  it('a GSM-7 extension character counts double', () => {
    expect(smsSize('€'.repeat(80))).toEqual({ encoding: 'GSM-7', characters: 160, parts: 1 });
    expect(smsSize('€'.repeat(80) + 'a').parts).toBe(2);
    expect(smsSize('{x}').characters).toBe(5);
  });

  it('Cyrillic puts the text in UCS-2: 70 in one part, 71 in two, 67 a part after that', () => {
    const seventy = 'Привіт, '.repeat(8) + 'Олено!';
    expect(seventy).toHaveLength(70);
    expect(smsSize(seventy)).toEqual({ encoding: 'UCS-2', characters: 70, parts: 1 });
    expect(smsSize(seventy + 'а').parts).toBe(2);
    expect(smsSize('Я'.repeat(134)).parts).toBe(2);
    expect(smsSize('Я'.repeat(135)).parts).toBe(3);
    // One Cyrillic letter turns a long Latin text into UCS-2.
    expect(smsSize('a'.repeat(100)).parts).toBe(1);
    expect(smsSize('a'.repeat(99) + 'ж')).toEqual({ encoding: 'UCS-2', characters: 100, parts: 2 });
  });

  it('an emoji is UCS-2 and counts as 2', () => {
    expect(smsSize('See you soon 😀')).toEqual({ encoding: 'UCS-2', characters: 15, parts: 1 });
    expect(smsSize('😀'.repeat(35)).parts).toBe(1);
    expect(smsSize('😀'.repeat(36)).parts).toBe(2);
  });

  it('costs one credit a part, nothing for an empty text', () => {
    expect(smsCredits('')).toBe(0);
    expect(smsCredits('Reminder: your appointment is tomorrow at 10:00.')).toBe(1);
    expect(smsCredits('Я'.repeat(135))).toBe(3);
  });
});
