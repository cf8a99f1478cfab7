#!/usr/bin/env node
// Each context's SQL names only its own tables (docs/architecture.md). dependency-cruiser sees imports,
// not SQL strings, so this small check reads them: every `from|join|into|update|delete from <table>` in
// libs/<context> (specs and migrations aside) must name a table of that context or a listed exception, and
// in cli/ no table at all (or a listed exception).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const owners = {
  accounts: [
    'app_user',
    'email_verification_token',
    'refresh_session',
    'password_reset_token',
    'deleted_account',
    'waitlist_departed',
    'waitlist_departed_bucket',
  ],
  profiles: ['profile'],
  images: ['user_image'],
  quiz: ['quiz_response'],
  safety: ['user_block', 'user_report'],
  connections: [
    'interest',
    'connection',
    'ended_pair',
    'message',
    'message_pace',
    'notification_setting',
    'message_mail',
  ],
  matching: [
    'match_member',
    'match_block',
    'matchable_member',
    'personality_vector',
    'match_set',
    'match_pick',
    'match_day_pairs',
    'daily_match_run',
    'compatible_signup_notice',
    'answer_text_similarity',
  ],
  messaging: ['outbox_message', 'processed_event', 'dead_letter'],
  shared: ['rate_limit'],
};

// Reads across a boundary that are still there, each with its reason; the list only shrinks.
const exceptions = {
  // Waits for this command's events to be relayed; to become a read of messaging's.
  'cli/context/event-settler.ts': ['outbox_message'],
};

const tableOwner = new Map(
  Object.entries(owners).flatMap(([context, tables]) => tables.map((t) => [t, context])),
);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reference = /\b(?:from|join|into|update|exists\s*\(\s*select\s+1\s+from)\s+([a-z_][a-z0-9_]*)/gi;
const problems = [];

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'migrations') yield* files(path);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) yield path;
  }
}

for (const context of readdirSync(join(root, 'libs'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)) {
  const dir = join(root, 'libs', context);
  if (
    !readdirSync(join(root, 'libs'), { withFileTypes: true })
      .find((e) => e.name === context)
      ?.isDirectory()
  )
    continue;
  for (const file of files(dir)) {
    const path = relative(root, file);
    const allowed = new Set(exceptions[path] ?? []);
    for (const [, table] of readFileSync(file, 'utf8').matchAll(reference)) {
      const owner = tableOwner.get(table.toLowerCase());
      const own = owner === context || (context === 'shared' && owner === 'shared');
      if (owner && !own && !allowed.has(table.toLowerCase()))
        problems.push(`${path}: ${table} belongs to ${owner}`);
    }
  }
}

// The CLI is no context: it asks the contexts (their index.ts), so its SQL names no table at all.
for (const file of files(join(root, 'cli'))) {
  const path = relative(root, file);
  const allowed = new Set(exceptions[path] ?? []);
  for (const [, table] of readFileSync(file, 'utf8').matchAll(reference)) {
    const owner = tableOwner.get(table.toLowerCase());
    if (owner && !allowed.has(table.toLowerCase())) problems.push(`${path}: ${table} belongs to ${owner}`);
  }
}

if (problems.length) {
  console.error(
    `Tables read across a context boundary (scripts/check-table-ownership.mjs):\n  ${problems.join('\n  ')}`,
  );
  process.exit(1);
}
console.log('✔ every context names only its own tables, the CLI none (or a listed exception)');
