import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CONSUMED_EVENTS } from './consumes.decorator.js';
import { CONSUMED_EVENT_TYPES } from './consumed-event-types.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** Every `*.consumer.ts` of the apps and libraries. */
function consumerFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : consumerFiles(path);
    return entry.name.endsWith('.consumer.ts') ? [path] : [];
  });
}

describe('CONSUMED_EVENT_TYPES', () => {
  it('is exactly the types that the consumers of every app declare', async () => {
    const declared = new Set<string>();
    const files = [...consumerFiles(join(ROOT, 'libs')), ...consumerFiles(join(ROOT, 'apps'))];
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const exported = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      for (const value of Object.values(exported)) {
        if (typeof value !== 'function') continue;
        const types = Reflect.getMetadata(CONSUMED_EVENTS, value) as string[] | undefined;
        for (const type of types ?? []) declared.add(type);
      }
    }
    expect([...CONSUMED_EVENT_TYPES].sort()).toEqual([...declared].sort());
  });
});
