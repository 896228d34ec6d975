import { fillTemplate, TEMPLATE_TAGS, unknownTags } from '../../../src/domain/message-templates';

describe('message templates', () => {
  it('accepts the tags a message type offers', () => {
    const text = 'Hi {client_first_name}, see you on {date} at {time} for {service}. {business_name}: {manage_link}';
    expect(unknownTags(text, 'reminder')).toEqual([]);
    expect(unknownTags('Thank you, {client_first_name}! Book again: {booking_link}', 'thank_you')).toEqual([]);
    expect(unknownTags('No tags at all.', 'marketing')).toEqual([]);
  });

  it('names every tag typed wrongly or not offered by the type, once each, as typed', () => {
    expect(unknownTags('Hi {Client_First_Name}, on { date } {time}', 'reminder')).toEqual([
      '{Client_First_Name}',
      '{ date }',
    ]);
    expect(unknownTags('See you {date} at {tme} {tme}', 'reminder')).toEqual(['{tme}']);
    expect(unknownTags('Your visit on {date}', 'marketing')).toEqual(['{date}']);
    expect(unknownTags('Hi {client_first_name', 'reminder')).toEqual(['{client_first_name']);
    expect(unknownTags('Hi {}', 'reminder')).toEqual(['{}']);
  });

  it('fills the tags for a receiver, a tag without a value left empty', () => {
    expect(
      fillTemplate('Hi {client_first_name}, {date} at {time}.', { client_first_name: 'Олена', date: '25 листопада' }),
    ).toBe('Hi Олена, 25 листопада at .');
    expect(TEMPLATE_TAGS.reminder).toContain('manage_link');
  });
});
