import { MikroORM } from '@mikro-orm/core';
import { QueryBus } from '@nestjs/cqrs';
import { UserRepository } from '../../libs/accounts/index.js';
import {
  calendarDay,
  isCalendarDay,
  ListMemberMatchesQuery,
  MatchingOperations,
} from '../../libs/matching/index.js';
import { ProfileRepository, type ProfileView } from '../../libs/profiles/index.js';
import { QuizResponseRepository } from '../../libs/quiz/index.js';
import type { CliContext } from '../context/cli-context.js';
import { CliError, ExitCode } from '../ui/cli-error.js';
import { printable } from '../ui/printable.js';
import type { Output } from '../ui/output.js';

export interface UserShowOptions {
  email: string;
  date?: string;
  json?: boolean;
}

/** Everything an operator needs to know about one account. Never the password hash. */
export interface UserReport {
  account: {
    id: string;
    name: string;
    email: string;
    createdAt: string;
    verified: boolean;
    verifiedAt: string | null;
    /** Suspended by moderation: signing in is refused and the account is in nobody's set. */
    suspended: boolean;
    suspendedAt: string | null;
    referralCode: string;
  };
  profile: (Omit<ProfileView, 'id' | 'name' | 'imageUrl'> & { photo: boolean }) | null;
  quiz: { submittedAt: string; choices: number[] } | null;
  personality: { updatedAt: string; embeddingModel: string | null } | null;
  matches: {
    day: string;
    /** No set yet for the day; an empty list with hasSet true is the empty state. */
    hasSet: boolean;
    picks: {
      tier: string;
      percent: number;
      candidateId: string;
      name: string;
      email: string | null;
      summary: string;
    }[];
  };
}

export async function userShowAction(
  context: CliContext,
  options: UserShowOptions,
  out: Output,
): Promise<UserReport> {
  const day = options.date ?? calendarDay(new Date(), context.config.timeZone);
  if (!isCalendarDay(day))
    throw new CliError(`--date must be a calendar day as YYYY-MM-DD, got '${day}'`, ExitCode.usage);
  const em = context.app.get(MikroORM).em.fork();
  const users = context.app.get(UserRepository, { strict: false });
  const user = await users.findByEmail(options.email, em);
  if (!user) throw new CliError(`No account with the email ${options.email}`, ExitCode.notFound);

  const view = await context.app.get(ProfileRepository, { strict: false }).findView(user.id, em);
  const quiz = await context.app.get(QuizResponseRepository, { strict: false }).findResponse(em, user.id);
  const vector = await context.app.get(MatchingOperations, { strict: false }).personalityOf(user.id);
  const { hasSet, picks: matches } = await context.app
    .get(QueryBus)
    .execute(new ListMemberMatchesQuery(user.id, day));
  const picks = [];
  for (const match of matches.sort((a, b) => TIER_ORDER.indexOf(a.tier) - TIER_ORDER.indexOf(b.tier))) {
    const candidate = await users.findById(match.candidateId, em);
    const { tier, percent, candidateId, name, summary } = match;
    picks.push({ tier, percent, candidateId, name, email: candidate?.email ?? null, summary });
  }

  const report: UserReport = {
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      createdAt: iso(user.createdAt),
      verified: user.verified,
      verifiedAt: user.emailVerifiedAt ? iso(user.emailVerifiedAt) : null,
      suspended: user.suspendedAt !== null,
      suspendedAt: user.suspendedAt ? iso(user.suspendedAt) : null,
      referralCode: user.referralCode,
    },
    profile: view
      ? {
          city: view.city,
          state: view.state,
          age: view.age,
          gender: view.gender,
          preferredSex: view.preferredSex,
          education: view.education,
          jobTitle: view.jobTitle,
          bio: view.bio,
          photo: view.imageUrl !== null,
        }
      : null,
    quiz: quiz ? { submittedAt: iso(quiz.submittedAt), choices: quiz.choices } : null,
    personality: vector ? { updatedAt: iso(vector.updatedAt), embeddingModel: vector.embeddingModel } : null,
    matches: { day, hasSet, picks },
  };
  if (options.json) out.json(report);
  // What members typed (names, bios) cannot act on the operator's terminal.
  else print(report, { ...out, line: (text = '') => out.line(printable(text)) });
  return report;
}

const TIER_ORDER = ['best', 'medium', 'worst'];

function print(report: UserReport, out: Output): void {
  const { account, profile, quiz, personality, matches } = report;
  out.line(`${account.name} <${account.email}>`);
  out.line(`  id            ${account.id}`);
  out.line(`  signed up     ${when(account.createdAt)}`);
  out.line(`  verified      ${account.verifiedAt ? `yes, ${when(account.verifiedAt)}` : 'no'}`);
  out.line(`  suspended     ${account.suspendedAt ? `yes, ${when(account.suspendedAt)}` : 'no'}`);
  out.line(`  referral code ${account.referralCode}`);
  if (profile) {
    out.line(
      `Profile         ${profile.city}, ${profile.state} · ${profile.age} · ${profile.gender}, looking for ${profile.preferredSex}`,
    );
    out.line(`  Major/Degree  ${profile.education || '—'}`);
    out.line(`  Instagram     ${profile.jobTitle || '—'}`);
    out.line(`  Love is       ${profile.bio || '—'}`);
    out.line(`  Photo         ${profile.photo ? 'yes' : 'no'}`);
  } else {
    out.line('Profile         not filled in');
  }
  out.line(
    quiz
      ? `Quiz            taken ${when(quiz.submittedAt)}: ${quiz.choices.join(' ')}`
      : 'Quiz            not taken',
  );
  out.line(
    personality
      ? `Matcher         personality vector of ${when(personality.updatedAt)}${personality.embeddingModel ? `, embeddings by ${personality.embeddingModel}` : ', no embeddings'}`
      : 'Matcher         no personality vector yet',
  );
  if (!matches.hasSet) {
    out.line(`Matches ${matches.day}  none yet (the daily run or the user's own request makes them)`);
    return;
  }
  if (matches.picks.length === 0) {
    out.line(`Matches ${matches.day}  empty: nobody eligible was left for this user today`);
    return;
  }
  out.line(`Matches ${matches.day}`);
  for (const pick of matches.picks) {
    out.line(
      `  ${pick.tier.padEnd(6)} ${String(pick.percent).padStart(3)}%  ${pick.name}${pick.email ? ` <${pick.email}>` : ''}`,
    );
    out.line(`                ${pick.summary}`);
  }
}

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** '2026-11-22T19:30:05.123Z' → '2026-11-22 19:30 UTC'. */
function when(isoValue: string): string {
  return `${isoValue.slice(0, 10)} ${isoValue.slice(11, 16)} UTC`;
}
