import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { messageSchema, type Message } from './connections';

export const MESSAGE_MAX = 2000;
/** What the API takes as a message: something to see, not only spaces, marks, zero-width or blank characters. */
export const hasVisibleText = (text: string) =>
  /[^\s\p{Cf}\p{Mn}\p{Me}\u115F\u1160\u3164\uFFA0\u2800]/u.test(text);

/**
 * The characters the API refuses in any text (its 400 'Text must not contain control characters'): control
 * characters but line breaks and tabs, text-direction overrides and isolates, annotation marks, and tag
 * characters outside the flags they spell (England's, Scotland's, Wales').
 */
export function hasRefusedCharacters(text: string): boolean {
  if (REFUSED.test(text)) return true;
  return TAG.test(text) && TAG.test(text.replace(TAG_FLAG, ''));
}
const REFUSED =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufff9-\ufffb]/;
const TAG = /[\u{E0000}-\u{E007F}]/u;
/** England, Scotland, Wales: the only flags spelled with tags that anyone shows. */
const TAG_FLAG =
  /\u{1F3F4}\u{E0067}\u{E0062}(?:\u{E0065}\u{E006E}\u{E0067}|\u{E0073}\u{E0063}\u{E0074}|\u{E0077}\u{E006C}\u{E0073})\u{E007F}/gu;
export const REFUSED_CHARACTERS = 'Text must not contain control characters';
/**
 * A text's length as the API counts it (class-validator's MaxLength, validator's isLength, to the letter):
 * UTF-16 units, less one for each surrogate pair and for each presentation selector that follows a character.
 * A textarea's own `maxLength` counts UTF-16 units, so an emoji would count twice.
 */
export const messageLength = (text: string) =>
  text.length -
  (text.match(/[^\uFE0F\uFE0E][\uFE0F\uFE0E]/g)?.length ?? 0) -
  (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);
export const PAGE_SIZE = 50;

const pageSchema = z.object({ messages: z.array(messageSchema), more: z.boolean() });
export type MessagePage = z.infer<typeof pageSchema>;

const base = (connectionId: string) => `/connections/${encodeURIComponent(connectionId)}`;

/** GET /connections/{id}/messages: the newest page, or the one before `before`; each page in the order sent. */
export async function getMessages(
  connectionId: string,
  before?: string,
  signal?: AbortSignal,
): Promise<MessagePage> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (before) query.set('before', before);
  return pageSchema.parse(await api.get<unknown>(`${base(connectionId)}/messages?${query}`, { signal }));
}

/** POST /connections/{id}/messages: the same `clientId` again returns the first message, never a second one. */
export async function sendMessage(
  connectionId: string,
  input: { text: string; clientId: string },
): Promise<Message> {
  return messageSchema.parse(await api.post<unknown>(`${base(connectionId)}/messages`, input));
}

/** POST /connections/{id}/read: read up to that message; the sender learns it (the `read` event). */
export function markRead(connectionId: string, messageId: string): Promise<void> {
  return api.post(`${base(connectionId)}/read`, { messageId });
}
