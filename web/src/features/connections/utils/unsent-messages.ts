import { storageKeys } from '@/lib/storage';

/**
 * Messages the member sent that the server had not confirmed, kept in this tab's session storage per member and
 * conversation, so a reload does not lose what was typed: the conversation sends them again on opening (their
 * `clientId` makes a second send of a stored message return the first, never a copy). Refused ones (400) are
 * not kept: they would never go through. Signing out forgets them all (`storage.forgetUnsent`). Reads and
 * writes never throw (storage can be full or disabled).
 */
export interface UnsentMessage {
  clientId: string;
  text: string;
}

const keyOf = (myId: string, connectionId: string) => `${storageKeys.unsent}:${myId}:${connectionId}`;

export function readUnsent(myId: string, connectionId: string): UnsentMessage[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(keyOf(myId, connectionId)) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is UnsentMessage =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as UnsentMessage).clientId === 'string' &&
        typeof (item as UnsentMessage).text === 'string',
    );
  } catch {
    return [];
  }
}

export function writeUnsent(myId: string, connectionId: string, messages: UnsentMessage[]): void {
  try {
    const key = keyOf(myId, connectionId);
    if (messages.length === 0) window.sessionStorage.removeItem(key);
    else
      window.sessionStorage.setItem(
        key,
        JSON.stringify(messages.map(({ clientId, text }) => ({ clientId, text }))),
      );
  } catch {
    // Kept for this page only, then.
  }
}
