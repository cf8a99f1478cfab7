import { useQueryClient } from '@tanstack/react-query';
import { Page } from '@/components/ui/page';
import { useAuth } from '@/lib/auth/use-auth';
import { queryKeys } from '@/lib/query/query-keys';
import { useLoad } from '@/lib/query/use-load';
import { useRealtime } from '@/lib/realtime/use-realtime';
import { listConnections } from '../api/connections';
import { listReceivedInterest } from '../api/interest';
import { ConversationList } from './conversation-list';
import { InterestedInYou } from './interested-in-you';
import './connections.css';

/** /connections: who is interested in the member, and their conversations; both kept fresh by the socket. */
export function ConnectionsPage() {
  const { auth } = useAuth();
  const userId = auth?.id ?? '';
  const queryClient = useQueryClient();
  const receivedKey = queryKeys.receivedInterest(userId);
  const connectionsKey = queryKeys.connections(userId);
  const received = useLoad(receivedKey, listReceivedInterest);
  const connections = useLoad(connectionsKey, listConnections);

  // Loaded again in the background: what is shown stays until the new answer replaces it.
  const refreshReceived = () => void queryClient.invalidateQueries({ queryKey: receivedKey });
  const refreshConnections = () => void queryClient.invalidateQueries({ queryKey: connectionsKey });
  useRealtime('interest', refreshReceived);
  useRealtime('message', refreshConnections);
  useRealtime('ended', refreshConnections);
  useRealtime('connection', () => {
    refreshConnections();
    refreshReceived();
  });
  useRealtime('resync', () => {
    refreshConnections();
    refreshReceived();
  });

  return (
    <Page title="Messages" width="md" className="connections">
      <InterestedInYou state={received} userId={userId} onConnected={refreshConnections} />
      <ConversationList state={connections} myId={userId} />
    </Page>
  );
}
