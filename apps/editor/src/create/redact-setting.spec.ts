import { readRedactSetting, REDACT_STORAGE_KEY, writeRedactSetting } from './redact-setting';

class MemoryStorage {
  private readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
}

describe('the create page redaction setting', () => {
  it('is on by default, and on where storage is missing or refuses', () => {
    expect(readRedactSetting(new MemoryStorage())).toBe(true);
    expect(readRedactSetting(undefined)).toBe(true);
    expect(readRedactSetting({ getItem: () => { throw new Error('denied'); } })).toBe(true);
  });

  it('remembers being turned off and on again', () => {
    const storage = new MemoryStorage();
    writeRedactSetting(false, storage);
    expect(storage.getItem(REDACT_STORAGE_KEY)).toBe('false');
    expect(readRedactSetting(storage)).toBe(false);
    writeRedactSetting(true, storage);
    expect(readRedactSetting(storage)).toBe(true);
    expect(() => writeRedactSetting(false, { setItem: () => { throw new Error('full'); } })).not.toThrow();
  });
});
