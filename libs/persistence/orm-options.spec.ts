import { sessionOptions } from './orm-options.js';

describe('PostgreSQL session options', () => {
  it('plans prepared statements generically', () => {
    expect(sessionOptions('postgres://app@db:5432/fated')).toBe('-c plan_cache_mode=force_generic_plan');
  });

  it("keeps the URL's own options first", () => {
    expect(sessionOptions('postgres://app@db:5432/fated?options=-c%20search_path%3Dfated')).toBe(
      '-c search_path=fated -c plan_cache_mode=force_generic_plan',
    );
  });
});
