/**
 * Excluded sites: host names the user never wants recorded. An entry covers the host and its
 * subdomains ("example.com" covers "app.example.com"); "*.example.com" is read the same way.
 * Entries may be pasted as addresses ("https://bank.example.com/login") and are kept as hosts.
 */

/** The host an entry names, lower case, or null for something that is not a host. */
export function siteOf(entry: string): string | null {
  let text = entry.trim().toLowerCase();
  if (!text) return null;
  text = text.replace(/^\*\./, '');
  try {
    const host = new URL(text.includes('://') ? text : `https://${text}`).hostname;
    return /^[a-z0-9.-]+$|^\[[0-9a-f:]+\]$/.test(host) && !host.startsWith('.') && !host.endsWith('.') ? host : null;
  } catch {
    return null;
  }
}

/** Whether the page at `url` is on an excluded site. Pages that are not web pages count as excluded. */
export function isExcluded(url: string | undefined, excluded: readonly string[]): boolean {
  if (!url) return false;
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:' && parsed.protocol !== 'file:') return true;
    host = parsed.hostname.toLowerCase();
  } catch {
    return true;
  }
  return excluded.some((site) => host === site || host.endsWith(`.${site}`));
}

/** Adds an entry (as its host) unless it is there already; null when the entry is not a site. */
export function addSite(excluded: readonly string[], entry: string): string[] | null {
  const site = siteOf(entry);
  if (!site) return null;
  return excluded.includes(site) ? [...excluded] : [...excluded, site].sort();
}

/** The Sopwright server's address as given: its origin (scheme, host, port), or null. */
export function serverOrigin(address: string): string | null {
  const text = address.trim();
  if (!text) return null;
  try {
    const url = new URL(text.includes('://') ? text : `https://${text}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}
