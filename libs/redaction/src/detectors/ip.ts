import { matchesOf, type Detector } from '../types';

const octet = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const ipv4 = `${octet}(?:\\.${octet}){3}`;
// Not part of a longer dotted run (a four-part version "1.2.3.4.5", "v1.2.3.4"), a port is fine.
const ipv4Pattern = new RegExp(`(?<![\\w.])${ipv4}(?![\\w]|\\.\\d)`, 'g');
// Candidates only: hex groups and colons, optionally ending in an IPv4; validated by isIpv6.
const ipv6Pattern = new RegExp(`(?<![\\w:])(?:[0-9A-Fa-f]{0,4}:){2,7}(?:${ipv4}|[0-9A-Fa-f]{0,4})(?![\\w:])`, 'g');

/** Eight groups of 1-4 hex digits, or fewer with exactly one "::"; an IPv4 tail counts as two. */
export function isIpv6(value: string): boolean {
  if (!/[0-9A-Fa-f]/.test(value)) return false;
  const halves = value.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')));
  let count = 0;
  for (const [i, group] of groups.entries()) {
    if (i === groups.length - 1 && group.includes('.')) count += 2;
    else if (/^[0-9A-Fa-f]{1,4}$/.test(group)) count += 1;
    else return false;
  }
  // Times (12:30:45) and MAC addresses (six groups) have no "::" and fewer than eight groups.
  return halves.length === 2 ? count <= 7 : count === 8;
}

// IPv6 first: an IPv4-mapped address (::ffff:192.0.2.1) is one value, not an IPv4 with a prefix.
export const findIps: Detector = (text) => [...matchesOf(text, ipv6Pattern, 'ip', isIpv6), ...matchesOf(text, ipv4Pattern, 'ip')];
