/** What other contexts may use of connections; everything else in libs/connections is its own (.dependency-cruiser.cjs). */
export * from './connection.repository.js';
export * from './events/connection-ended.event.js';
export * from './events/connection-made.event.js';
export * from './events/interest-expressed.event.js';
export * from './events/message-sent.event.js';
export * from './interest.repository.js';
export * from './message.repository.js';
export { ExpressInterestCommand } from './commands/express-interest/express-interest.command.js';
export { MarkReadCommand } from './commands/mark-read/mark-read.command.js';
export { SendMessageCommand } from './commands/send-message/send-message.command.js';
export { SendMessageDto } from './commands/send-message/send-message.dto.js';
export { ListConnectionsQuery } from './queries/list-connections/list-connections.query.js';
export { ListMessagesQuery } from './queries/list-messages/list-messages.query.js';
