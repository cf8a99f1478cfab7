import type { Mail } from '../mailer.js';
import { layout, notificationFooter } from './layout.js';

const SIGNATURE = '— Fated, The Future of Love – Engineered by AI';

const offText = (settingsUrl: string) => {
  const footer = notificationFooter(settingsUrl);
  return `${footer.text} ${footer.url}`;
};

/** Both members of a new connection get it: "It's mutual: you and {name}". */
export function mutualMail(
  to: { name: string; email: string },
  otherName: string,
  urls: { conversation: string; settings: string },
): Mail {
  const greeting = `Hi ${to.name},`;
  const body = `You and ${otherName} are both interested in each other. Your conversation is open.`;
  return {
    to: to.email,
    subject: `It's mutual: you and ${otherName}`,
    text: `${greeting}\n\n${body}\n\nSay hello: ${urls.conversation}\n\n${SIGNATURE}\n\n${offText(urls.settings)}\n`,
    html: layout({
      heading: `It's mutual: you and ${otherName}`,
      paragraphs: [greeting, body],
      buttonLabel: 'Say hello',
      buttonUrl: urls.conversation,
      footer: notificationFooter(urls.settings),
    }),
  };
}

/** A member who was away has a new message; never its text. */
export function newMessageMail(
  to: { name: string; email: string },
  senderName: string,
  urls: { conversation: string; settings: string },
): Mail {
  const greeting = `Hi ${to.name},`;
  const body = `${senderName} sent you a message on Fated.`;
  return {
    to: to.email,
    subject: `New message from ${senderName}`,
    text: `${greeting}\n\n${body}\n\nRead it: ${urls.conversation}\n\n${SIGNATURE}\n\n${offText(urls.settings)}\n`,
    html: layout({
      heading: `New message from ${senderName}`,
      paragraphs: [greeting, body],
      buttonLabel: 'Read it',
      buttonUrl: urls.conversation,
      footer: notificationFooter(urls.settings),
    }),
  };
}
