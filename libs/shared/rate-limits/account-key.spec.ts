import { accountKey } from './account-key.js';

describe('accountKey', () => {
  it('is one fixed-size key per address, whatever its case and spaces', () => {
    const key = accountKey({ email: ' Ava@Example.com ' });
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(accountKey({ email: 'ava@example.com' })).toBe(key);
    expect(accountKey({ email: 'bo@example.com' })).not.toBe(key);
  });

  it('costs the same for a 99 KB "email" and never keeps its text', () => {
    const huge = `${'a'.repeat(99_000)}@example.com`;
    const key = accountKey({ email: huge })!;
    expect(key).toHaveLength(64);
    expect(key).not.toContain('aaaa');
  });

  it('falls back to the account id, and prefers the signed-in user', () => {
    expect(accountKey({ id: 'u-1' })).toMatch(/^[0-9a-f]{64}$/);
    expect(accountKey({ email: 'ava@example.com' }, 'u-1')).toBe(accountKey({ id: 'u-1' }));
    expect(accountKey({})).toBeUndefined();
    expect(accountKey({ email: 42 })).toBeUndefined();
    expect(accountKey(undefined)).toBeUndefined();
  });
});
