import { describe, expect, it } from 'vitest';
import { pageTitleOf } from './page-title';

describe('pageTitleOf', () => {
  it("names each route's purpose, the site at home, and 'Not found' elsewhere", () => {
    expect(pageTitleOf('/')).toBe('Fated – The Future of Love');
    expect(pageTitleOf('/match')).toBe('Matches – Fated');
    expect(pageTitleOf('/premium')).toBe('Premium perks – Fated');
    expect(pageTitleOf('/connections')).toBe('Messages – Fated');
    expect(pageTitleOf('/connections/c1')).toBe('Messages – Fated');
    expect(pageTitleOf('/verifyEmail/u1/t1')).toBe('Email verification – Fated');
    expect(pageTitleOf('/resetPassword/u1/t1')).toBe('Choose a new password – Fated');
    expect(pageTitleOf('/matches')).toBe('Not found – Fated');
    expect(pageTitleOf('/nowhere')).toBe('Not found – Fated');
    // What the router sends to Not found is titled so, whatever it starts with.
    expect(pageTitleOf('/quiz/x')).toBe('Not found – Fated');
    expect(pageTitleOf('/verifyEmail/u1')).toBe('Not found – Fated');
  });
});
