import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { MatchingModule } from '../matching/matching.module.js';
import { ProfilesModule } from '../profiles/profiles.module.js';
import { ReportedMessages } from '../safety/index.js';
import { SafetyModule } from '../safety/safety.module.js';
import { Introductions } from '../shared/auth/introductions.port.js';
import { ExpressInterestHandler } from './commands/express-interest/express-interest.handler.js';
import { InterestController } from './commands/express-interest/interest.controller.js';
import { DeclineInterestHandler } from './commands/decline-interest/decline-interest.handler.js';
import { WithdrawInterestHandler } from './commands/withdraw-interest/withdraw-interest.handler.js';
import { SendMessageHandler } from './commands/send-message/send-message.handler.js';
import { MarkReadHandler } from './commands/mark-read/mark-read.handler.js';
import { EndConnectionHandler } from './commands/end-connection/end-connection.handler.js';
import { ConnectionAccess } from './connection-access.js';
import { ConnectionIntroductions } from './connection-introductions.js';
import { ConnectionNews } from './connection-news.js';
import { ConnectionRepository } from './connection.repository.js';
import { ConnectionsController } from './connections.controller.js';
import { CloseSocketsWhenAccountEnds } from './consumers/close-sockets-when-account-ends.consumer.js';
import { CloseSocketsWhenSignedOut } from './consumers/close-sockets-when-signed-out.consumer.js';
import { EndConversationsWhenAccountEnds } from './consumers/end-conversations-when-account-ends.consumer.js';
import { ReopenConversationsWhenAccountReturns } from './consumers/reopen-conversations-when-account-returns.consumer.js';
import { EndConnectionWhenBlocked } from './consumers/end-connection-when-blocked.consumer.js';
import { InterestRepository } from './interest.repository.js';
import { MessageRepository } from './message.repository.js';
import { NotificationSettingsRepository } from './notification-settings.repository.js';
import { NotificationsController } from './notifications.controller.js';
import { People } from './people.js';
import { ListConnectionsHandler } from './queries/list-connections/list-connections.handler.js';
import { ListMessagesHandler } from './queries/list-messages/list-messages.handler.js';
import { ListReceivedInterestController } from './queries/list-received-interest/list-received-interest.controller.js';
import { ListReceivedInterestHandler } from './queries/list-received-interest/list-received-interest.handler.js';
import { ConnectionsGateway } from './realtime/connections.gateway.js';
import { RealtimeNotifier } from './realtime/realtime-notifier.js';
import { ReportedMessageTexts } from './reported-message-texts.js';

/** Data access and rules of connections, for every process that loads this context (the CLI too). */
const core = [InterestRepository, ConnectionRepository, MessageRepository, NotificationSettingsRepository];

/**
 * Connections: interest between members, the connections mutual interest makes, and their conversations,
 * told live over Socket.IO (ConnectionsGateway) and by mail. It implements two ports that let profiles and
 * safety ask about it without reading its tables: Introductions and ReportedMessages.
 */
@Module({
  imports: [AccountsModule, MatchingModule, SafetyModule, ProfilesModule],
  controllers: [
    InterestController,
    ListReceivedInterestController,
    ConnectionsController,
    NotificationsController,
  ],
  providers: [
    ...core,
    ConnectionAccess,
    ConnectionNews,
    People,
    RealtimeNotifier,
    ConnectionsGateway,
    { provide: Introductions, useClass: ConnectionIntroductions },
    { provide: ReportedMessages, useClass: ReportedMessageTexts },
    ExpressInterestHandler,
    DeclineInterestHandler,
    WithdrawInterestHandler,
    SendMessageHandler,
    MarkReadHandler,
    EndConnectionHandler,
    ListConnectionsHandler,
    ListMessagesHandler,
    ListReceivedInterestHandler,
    EndConnectionWhenBlocked,
    CloseSocketsWhenAccountEnds,
    CloseSocketsWhenSignedOut,
    EndConversationsWhenAccountEnds,
    ReopenConversationsWhenAccountReturns,
  ],
  exports: [...core, Introductions, ReportedMessages],
})
export class ConnectionsModule {}
