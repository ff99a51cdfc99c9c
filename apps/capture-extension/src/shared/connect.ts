/**
 * Connecting to Sopwright: the user makes a one-time code in Settings (Capture extension,
 * "Connect an extension") and pastes it here; the extension trades it for a token of its own
 * at POST /api/extension/connections. A token pasted as it is works too. Values as in
 * libs/contracts/src/http/extension.ts, which uses zod and so cannot be bundled here (a unit
 * test keeps the two the same).
 */
export const CONNECTIONS_PATH = '/api/extension/connections';
export const CONNECTION_PATH = '/api/extension/connection';
/** XXXX-XXXX in Crockford's base32 (no I, L, O, U). */
export const connectCodePattern = /^[0-9A-HJKMNP-TV-Z]{4}-?[0-9A-HJKMNP-TV-Z]{4}$/;
export const CONNECTION_NAME_MAX = 60;

/** Whether what the user pasted is a connect code (any case, spaces around it) rather than a token. */
export const isConnectCode = (text: string) => connectCodePattern.test(text.trim().toUpperCase());

interface UserAgentData {
  brands?: { brand: string }[];
  platform?: string;
}

/** "Chrome on Linux": how Settings tells this connection from others. */
export function browserName(agent: UserAgentData | undefined): string {
  const brand = agent?.brands?.map(({ brand }) => brand).find((name) => !/not.?a.?brand|chromium/i.test(name)) ?? (agent?.brands?.some(({ brand }) => /chromium/i.test(brand)) ? 'Chromium' : 'Browser');
  const name = agent?.platform ? `${brand} on ${agent.platform}` : brand;
  return name.slice(0, CONNECTION_NAME_MAX);
}
