/** What other contexts may use of connections; everything else in libs/connections is its own (.dependency-cruiser.cjs). */
export * from './connection.repository.js';
export * from './events/connection-ended.event.js';
export * from './events/connection-made.event.js';
export * from './events/interest-expressed.event.js';
export * from './events/message-sent.event.js';
export * from './interest.repository.js';
export * from './message.repository.js';
