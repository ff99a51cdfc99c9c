import { acknowledgementCsv, csvField } from './acknowledgement-csv';

describe('acknowledgement CSV', () => {
  it('quotes what needs quoting and defuses spreadsheet formulas', () => {
    expect(csvField('Close the till')).toBe('Close the till');
    expect(csvField('Open, then close')).toBe('"Open, then close"');
    expect(csvField('Say "hi"')).toBe('"Say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('lists every acknowledgement with the person, version and time, and names people who left', () => {
    const csv = acknowledgementCsv('Close, the till', [
      { userId: 'a', version: 1, acknowledgedAt: '2026-11-20T10:00:00.000Z' },
      { userId: 'b', version: 2, acknowledgedAt: '2026-11-21T10:00:00.000Z' },
    ], new Map([['a', 'ada@example.com']]));
    expect(csv).toBe(
      'SOP,Person,Version,Acknowledged at (UTC)\r\n"Close, the till",ada@example.com,1,2026-11-20T10:00:00.000Z\r\n"Close, the till",former member b,2,2026-11-21T10:00:00.000Z\r\n',
    );
  });
});
