import type { Mail } from '../mailer.js';
import { FOOTERS, layout } from './layout.js';

/** `name` only for a verified account: a name typed at an unverified sign-up is never mailed back. */
export function passwordResetMail(email: string, name: string | null, link: string): Mail {
  const greeting = name ? `Hi ${name},` : 'Hi,';
  const body =
    'Someone asked to reset the password of your Fated account. Choose a new password with the link below.';
  const expiry =
    'This link works once and expires in 1 hour. If you did not ask for it, ignore this mail: your password stays as it is.';
  return {
    to: email,
    subject: 'Reset your Fated password',
    text: `${greeting}\n\n${body}\n\nReset your password: ${link}\n\n${expiry}\n\n— Fated, The Future of Love – Engineered by AI\n`,
    html: layout({
      heading: 'Reset your password',
      paragraphs: [greeting, body, expiry],
      buttonLabel: 'Reset password',
      buttonUrl: link,
      footer: FOOTERS.account,
    }),
  };
}
