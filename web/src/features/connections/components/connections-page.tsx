import { Page } from '@/components/ui/page';
import { useAuth } from '@/lib/auth/use-auth';
import { useRealtime } from '@/lib/realtime/use-realtime';
import { listConnections } from '../api/connections';
import { listReceivedInterest } from '../api/interest';
import { useLiveRequest } from '../hooks/use-live-request';
import { ConversationList } from './conversation-list';
import { InterestedInYou } from './interested-in-you';
import './connections.css';

/** /connections: who is interested in the member, and their conversations; both kept fresh by the socket. */
export function ConnectionsPage() {
  const { auth } = useAuth();
  const userId = auth?.id ?? '';
  const received = useLiveRequest(`received:${userId}`, listReceivedInterest);
  const connections = useLiveRequest(`connections:${userId}`, listConnections);

  useRealtime('interest', received.refresh);
  useRealtime('message', connections.refresh);
  useRealtime('ended', connections.refresh);
  useRealtime('connection', () => {
    connections.refresh();
    received.refresh();
  });
  useRealtime('resync', () => {
    connections.refresh();
    received.refresh();
  });

  return (
    <Page title="Messages" width="md" className="connections">
      <InterestedInYou
        query={received}
        onConnected={() => {
          connections.refresh();
        }}
      />
      <ConversationList query={connections} myId={userId} />
    </Page>
  );
}
