import type { Mail } from '../mailer.js';
import { layout } from './layout.js';

const SIGNATURE = '— Fated, The Future of Love – Engineered by AI';

/** Both members of a new connection get it: "It's mutual: you and {name}". */
export function mutualMail(
  to: { name: string; email: string },
  otherName: string,
  conversationUrl: string,
): Mail {
  const greeting = `Hi ${to.name},`;
  const body = `You and ${otherName} are both interested in each other. Your conversation is open.`;
  return {
    to: to.email,
    subject: `It's mutual: you and ${otherName}`,
    text: `${greeting}\n\n${body}\n\nSay hello: ${conversationUrl}\n\n${SIGNATURE}\n`,
    html: layout({
      heading: `It's mutual: you and ${otherName}`,
      paragraphs: [greeting, body],
      buttonLabel: 'Say hello',
      buttonUrl: conversationUrl,
    }),
  };
}

/** A member who was away has a new message; never its text. */
export function newMessageMail(
  to: { name: string; email: string },
  senderName: string,
  conversationUrl: string,
): Mail {
  const greeting = `Hi ${to.name},`;
  const body = `${senderName} sent you a message on Fated.`;
  return {
    to: to.email,
    subject: `New message from ${senderName}`,
    text: `${greeting}\n\n${body}\n\nRead it: ${conversationUrl}\n\n${SIGNATURE}\n`,
    html: layout({
      heading: `New message from ${senderName}`,
      paragraphs: [greeting, body],
      buttonLabel: 'Read it',
      buttonUrl: conversationUrl,
    }),
  };
}
