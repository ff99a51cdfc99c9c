import { useState } from 'react';

/** Where the create page remembers the "Blur sensitive details" choice, in this browser. */
export const REDACT_STORAGE_KEY = 'sopwright.create.redact';

/** The remembered choice: on unless it was turned off (and on where storage is unavailable). */
export function readRedactSetting(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(REDACT_STORAGE_KEY) !== 'false';
  } catch {
    return true;
  }
}

export function writeRedactSetting(on: boolean, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(REDACT_STORAGE_KEY, String(on));
  } catch {
    // Private mode or a full storage: the choice lasts for this page only.
  }
}

/** The page's redaction setting, read once and remembered on every change. */
export function useRedactSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => readRedactSetting());
  return [
    on,
    (value: boolean) => {
      setOn(value);
      writeRedactSetting(value);
    },
  ];
}
