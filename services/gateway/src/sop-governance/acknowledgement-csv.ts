/** A CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ is defused so a spreadsheet never runs it. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Every acknowledgement of the SOP, oldest first: who, which version, when. */
export function acknowledgementCsv(title: string, records: { userId: string; version: number; acknowledgedAt: string }[], emails: Map<string, string>): string {
  const lines = [['SOP', 'Person', 'Version', 'Acknowledged at (UTC)'].join(',')];
  for (const row of records) lines.push([csvField(title), csvField(emails.get(row.userId) ?? `former member ${row.userId}`), String(row.version), row.acknowledgedAt].join(','));
  return `${lines.join('\r\n')}\r\n`;
}
