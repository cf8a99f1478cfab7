import { accountKey } from './account-key.js';

describe('accountKey', () => {
  it('is one fixed-size key per address, whatever its case and spaces', () => {
    const key = accountKey({ email: ' Ava@Example.com ' }, 'email');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(accountKey({ email: 'ava@example.com' }, 'email')).toBe(key);
    expect(accountKey({ email: 'bo@example.com' }, 'email')).not.toBe(key);
  });

  it('costs the same for a 99 KB "email" and never keeps its text', () => {
    const huge = `${'a'.repeat(99_000)}@example.com`;
    const key = accountKey({ email: huge }, 'email')!;
    expect(key).toHaveLength(64);
    expect(key).not.toContain('aaaa');
  });

  it('keys an id route on the id alone: other fields and the letter case change nothing', () => {
    const id = '3f2b6ab0-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    const key = accountKey({ id }, 'id');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(accountKey({ id, email: 'other@example.com', name: 'x' }, 'id')).toBe(key);
    expect(accountKey({ id: id.toUpperCase() }, 'id')).toBe(key);
    expect(accountKey({ id: ` ${id}` }, 'id')).toBeUndefined();
    expect(accountKey({ id: 'u-1' }, 'id')).toBeUndefined();
    expect(accountKey({ email: 'ava@example.com' }, 'id')).toBeUndefined();
  });

  it("prefers the signed-in user's own id or address, in any case", () => {
    const id = '3f2b6ab0-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    const user = { id: id.toUpperCase(), email: 'Ava@example.com' };
    expect(accountKey({ id: 'b'.repeat(36) }, 'id', user)).toBe(accountKey({ id }, 'id'));
    expect(accountKey({ email: 'bo@example.com' }, 'email', user)).toBe(
      accountKey({ email: 'ava@example.com' }, 'email'),
    );
    expect(accountKey({}, 'email')).toBeUndefined();
    expect(accountKey({ email: 42 }, 'email')).toBeUndefined();
    expect(accountKey(undefined, 'email')).toBeUndefined();
  });
});
