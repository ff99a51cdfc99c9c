import { findSensitive } from '../find-sensitive';

const values = (text: string, kind: string) => findSensitive(text).filter((match) => match.kind === kind).map((match) => match.value);

describe('email addresses', () => {
  it('finds addresses with dots, plus tags and subdomains', () => {
    expect(values('Mail ann.lee+sops@mail.example.co.uk or bob@example.com.', 'email')).toEqual(['ann.lee+sops@mail.example.co.uk', 'bob@example.com']);
  });
  it('does not take handles, hosts without a domain or a one-letter TLD', () => {
    expect(values('ping @ann, admin@localhost, x@example.c', 'email')).toEqual([]);
  });
});

describe('phone numbers', () => {
  it.each([
    ['Call +44 20 7946 0958 today', '+44 20 7946 0958'],
    ['+44 (0)20 7946 0958', '+44 (0)20 7946 0958'],
    ['US: +1 (415) 555-2671', '+1 (415) 555-2671'],
    ['mobile +49 151 23456789', '+49 151 23456789'],
    ['+33 6 12 34 56 78', '+33 6 12 34 56 78'],
    ['from abroad 0044 20 7946 0958', '0044 20 7946 0958'],
    ['office 020 7946 0958', '020 7946 0958'],
    ['portable 06 12 34 56 78', '06 12 34 56 78'],
    ['Berlin 030/1234567', '030/1234567'],
    ['(415) 555-2671', '(415) 555-2671'],
    ['desk 415-555-2671', '415-555-2671'],
    ['desk 415.555.2671', '415.555.2671'],
    ['Tel: 07700900123', '07700900123'],
  ])('finds %s', (text, phone) => {
    expect(values(text, 'phone')).toEqual([phone]);
  });

  it.each([
    ['a date', 'Due 2026-11-25, or 25.11.2026, or 11/25/2026'],
    ['a date and time', 'at 2026-11-25 12:30:45'],
    ['prices', 'costs $1,234.56 or 1 234 567,89 € or £ 0207 946'],
    ['order numbers', 'Order #123456789, order 123456789, invoice 2024-000123'],
    ['versions', 'version 10.0.19041.1, v2.14.3'],
    ['an ISBN', 'ISBN 978-3-16-148410-0'],
    ['the end of a parcel tracking code', 'Tracking 1Z 999 AA1 01 2345 6784'],
    ['part and serial numbers', 'Part no. 4512-3378-01, serial SN 2024 0711 0032, lot 23/0456/11'],
    ['postcodes, durations and ratios', 'ZIP 94103-1234, 10-15 minutes, 16:9, 1920x1080, rows 12 14 16 18 20 22'],
    ['counts and years', 'between 2019 and 2024, 1,000,000 users, room 1204'],
    ['an unformatted number with no phone cue', 'ticket 07700900123'],
  ])('does not take %s', (_what, text) => {
    expect(values(text, 'phone')).toEqual([]);
  });
});

describe('IP addresses', () => {
  it('finds IPv4, with a port, and IPv6 in full, compressed and IPv4-mapped forms', () => {
    expect(values('hosts 192.168.1.10, 10.0.0.1:8080 and 8.8.8.8.', 'ip')).toEqual(['192.168.1.10', '10.0.0.1', '8.8.8.8']);
    expect(values('v6 2001:0db8:85a3:0000:0000:8a2e:0370:7334 or 2001:db8::1, ::1 and ::ffff:192.0.2.1', 'ip')).toEqual([
      '2001:0db8:85a3:0000:0000:8a2e:0370:7334',
      '2001:db8::1',
      '::1',
      '::ffff:192.0.2.1',
    ]);
  });
  it('does not take versions, out-of-range octets, times, MAC addresses or C++ scopes', () => {
    expect(findSensitive('v1.2.3.4, 1.2.3.4.5, 256.1.1.1, 12:30:45, 00:1A:2B:3C:4D:5E, std::vector')).toEqual([]);
  });
});

describe('phone numbers next to other numbers', () => {
  it('takes only the phone out of a run of numbers', () => {
    expect(values('room 12 020 7946 0958', 'phone')).toEqual(['020 7946 0958']);
    expect(values('call 415-555-2671 2 times', 'phone')).toEqual(['415-555-2671']);
    expect(values('25.11.2026 020 7946 0958', 'phone')).toEqual(['020 7946 0958']);
    expect(findSensitive('room 12 020 7946 0958')[0]).toMatchObject({ start: 8, end: 21 });
  });
});
