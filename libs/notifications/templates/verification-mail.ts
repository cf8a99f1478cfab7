import type { Mail } from '../mailer.js';
import { FOOTERS, layout } from './layout.js';

/**
 * Goes to an address nobody has proven yet, so it never repeats the name typed at sign-up (a stranger could
 * otherwise send anyone a mail with words of their choosing).
 */
export function verificationMail(to: { email: string }, link: string): Mail {
  const greeting = 'Hi,';
  const body =
    'Confirm your email address to take the compatibility quiz and start receiving your curated matches.';
  const expiry = 'This link works once and expires in 24 hours.';
  return {
    to: to.email,
    subject: 'Verify your email for Fated',
    text: `${greeting}\n\n${body}\n\nVerify your email: ${link}\n\n${expiry}\n\n— Fated, The Future of Love – Engineered by AI\n`,
    html: layout({
      heading: 'Verify your email',
      paragraphs: [greeting, body, expiry],
      buttonLabel: 'Verify Email',
      buttonUrl: link,
      footer: FOOTERS.signUp,
    }),
  };
}
