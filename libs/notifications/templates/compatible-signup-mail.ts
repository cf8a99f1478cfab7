import type { Mail } from '../mailer.js';
import { FOOTERS, layout } from './layout.js';

/** The match page's empty-state promise, kept: someone truly compatible has joined. */
export function compatibleSignupMail(
  to: { name: string; email: string },
  percent: number,
  matchUrl: string,
): Mail {
  const greeting = `Hi ${to.name},`;
  const body =
    `When your matches came up empty, we promised to email you once someone truly compatible signed up. ` +
    `Someone who is ${percent}% compatible with you just joined Fated.`;
  const next = 'Open your matches to see their profile and your AI generated compatibility summary.';
  return {
    to: to.email,
    subject: 'Someone truly compatible just joined Fated',
    text: `${greeting}\n\n${body}\n\n${next}\n\nSee your matches: ${matchUrl}\n\n— Fated, The Future of Love – Engineered by AI\n`,
    html: layout({
      heading: 'Someone truly compatible just joined',
      paragraphs: [greeting, body, next],
      buttonLabel: 'See your matches',
      buttonUrl: matchUrl,
      footer: FOOTERS.account,
    }),
  };
}
