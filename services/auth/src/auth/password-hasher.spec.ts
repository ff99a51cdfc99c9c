import { PasswordHasher } from './password-hasher';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('hashes with argon2id and a fresh salt each time', async () => {
    const [first, second] = await Promise.all([hasher.hash('secret12'), hasher.hash('secret12')]);
    expect(first).toMatch(/^\$argon2id\$/);
    expect(first).not.toBe(second);
  });

  it('verifies the right password only', async () => {
    const hash = await hasher.hash('secret12');
    expect(await hasher.verify(hash, 'secret12')).toBe(true);
    expect(await hasher.verify(hash, 'secret13')).toBe(false);
  });

  it('fails closed for an unknown user or a corrupt hash', async () => {
    expect(await hasher.verify(undefined, 'sopwright-decoy-password')).toBe(false);
    expect(await hasher.verify('not-a-hash', 'secret12')).toBe(false);
  });
});
