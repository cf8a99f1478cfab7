import type { ProfileView } from '../../../profiles/index.js';
import type { WaitlistView } from '../../../waitlist/index.js';
import type { BlockedPerson } from '../../../safety/index.js';

/** Everything the product holds about one person, as they download it (design.md). Never a hash or token. */
export interface AccountExport {
  exportedAt: string;
  account: { id: string; name: string; email: string; verified: boolean; createdAt: string };
  profile: ProfileView | null;
  quiz: { question: string; answer: string }[] | null;
  matches: { day: string; tier: string; name: string; percent: number; summary: string }[];
  waitlist: WaitlistView;
  blocks: BlockedPerson[];
  reports: { name: string; reason: string; note: string | null; status: string; createdAt: string }[];
  connections: { name: string; connectedAt: string }[];
  messages: { text: string; sentAt: string; to: string }[];
  photo: string | null;
}
