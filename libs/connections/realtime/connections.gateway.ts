import { Logger, Optional, type OnModuleDestroy } from '@nestjs/common';
import {
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { IncomingMessage } from 'node:http';
import type { Server, Socket } from 'socket.io';
import { AccessTokenVerifier } from '../../shared/auth/access-token-verifier.js';
import { ActiveAccounts } from '../../shared/auth/active-accounts.port.js';
import { memberRoom, RealtimeNotifier } from './realtime-notifier.js';
import { Metrics } from '../../shared/observability/metrics.js';
import { AppConfig } from '../../config/app-config.js';
import { PendingHandshakes } from './pending-handshakes.js';

/** Sockets one member may hold open on one gateway (tabs and devices); more are refused. */
export const MAX_SOCKETS_PER_MEMBER = 10;

/** Sessions one client (address) may have opened and not yet joined with a valid token. */
export const PENDING_HANDSHAKES_PER_CLIENT = 500;

/** How often a gateway checks its sockets: their members' accounts still active, their tokens not expired. */
const RECHECK_MS = 30_000;
/** Members asked about in one read. */
const RECHECK_BATCH = 1_000;

/**
 * Socket.IO at /api/socket.io: the server tells, clients only listen (everything a client does goes through
 * HTTP, with its checks), so no client event is handled here. The handshake carries the access token
 * (`auth: {token}`), checked like a bearer token; a missing or bad one is refused with `unauthorized`. Small
 * frames only (`maxHttpBufferSize`): nothing a client sends is read but its handshake, whose token may be as
 * long as an HTTP request's headers (16 KB) and still be answered `unauthorized`.
 */
@WebSocketGateway({
  path: '/api/socket.io',
  serveClient: false,
  maxHttpBufferSize: 16_384,
  pingInterval: 25_000,
  pingTimeout: 20_000,
  connectTimeout: 10_000,
})
export class ConnectionsGateway
  implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy
{
  private readonly logger = new Logger('ConnectionsGateway');
  private readonly socketsPerMember = new Map<string, number>();
  /** For each Engine.IO session not joined yet, how its count in PendingHandshakes ends. */
  private readonly notJoined = new WeakMap<object, () => void>();
  private recheck?: NodeJS.Timeout;

  @WebSocketServer()
  server!: Server;

  constructor(
    private readonly tokens: AccessTokenVerifier,
    private readonly accounts: ActiveAccounts,
    private readonly notifier: RealtimeNotifier,
    private readonly config: AppConfig,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  afterInit(server: Server): void {
    this.notifier.attach(server);
    this.recheck = setInterval(() => {
      this.dropExpiredSockets();
      this.dropEndedAccounts().catch((error: Error) =>
        this.logger.warn(`socket recheck failed: ${error.message}`),
      );
    }, RECHECK_MS);
    this.recheck.unref();
    const handshakes = new PendingHandshakes(PENDING_HANDSHAKES_PER_CLIENT, this.config.trustProxy);
    server.engine.opts.allowRequest = (request, answer) =>
      handshakes.allows(request) ? answer(null, true) : answer('too many connections', false);
    server.engine.on('connection', (rawSocket: EngineSocket) => {
      const ended = handshakes.opened(rawSocket.request!);
      this.notJoined.set(rawSocket, ended);
      rawSocket.once('close', ended);
      // Each session's first HTTP request is kept for its whole life unless dropped (Socket.IO's memory
      // guide): nothing here reads it after the handshake, which keeps its own copy of what it needs.
      rawSocket.request = null;
    });
    server.use((socket, next) => {
      this.authenticate(socket).then(
        (refusal) => next(refusal ? new Error(refusal) : undefined),
        (error: Error) => {
          this.logger.warn(`socket handshake failed: ${error.message}`);
          next(new Error('unavailable'));
        },
      );
    });
  }

  handleConnection(socket: Socket): void {
    const userId = socket.data.userId as string | undefined;
    if (!userId) return void socket.disconnect(true);
    this.notJoined.get(socket.conn)?.();
    this.metrics?.socketsConnected.inc();
    void socket.join(memberRoom(userId));
  }

  handleDisconnect(socket: Socket): void {
    const userId = socket.data.userId as string | undefined;
    if (!userId) return;
    this.metrics?.socketsConnected.dec();
    const open = (this.socketsPerMember.get(userId) ?? 1) - 1;
    if (open > 0) return void this.socketsPerMember.set(userId, open);
    this.socketsPerMember.delete(userId);
    this.notifier
      .left(userId)
      .catch((error: Error) => this.logger.warn(`member-left not sent: ${error.message}`));
  }

  onModuleDestroy(): void {
    clearInterval(this.recheck);
  }

  /**
   * Closes this gateway's sockets of members whose accounts ended. A suspension or deletion closes them at once
   * through its event; one made by a process that serves no sockets and handles its own events (the CLI on
   * PostgreSQL without Kafka) is caught here, within RECHECK_MS.
   */
  async dropEndedAccounts(): Promise<void> {
    const members = [...this.socketsPerMember.keys()];
    for (let i = 0; i < members.length; i += RECHECK_BATCH) {
      const batch = members.slice(i, i + RECHECK_BATCH);
      const active = await this.accounts.activeAmong(batch);
      for (const userId of batch)
        if (!active.has(userId)) this.server.local.in(memberRoom(userId)).disconnectSockets(true);
    }
  }

  /**
   * Closes this gateway's sockets whose access token expired: a socket is the token's session, and must not
   * outlive it (a token copied once would otherwise listen for good). The SPA reconnects with its refreshed
   * token and reloads what it shows. Checked every RECHECK_MS.
   */
  dropExpiredSockets(now = Date.now()): void {
    for (const socket of this.server.of('/').sockets.values()) {
      const expiresAt = socket.data.expiresAt as number | undefined;
      if (expiresAt !== undefined && expiresAt <= now) socket.disconnect(true);
    }
  }

  /** Undefined when the socket may connect, else the reason it is refused. */
  private async authenticate(socket: Socket): Promise<string | undefined> {
    const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    const session = typeof token === 'string' ? await this.tokens.activeToken(token) : undefined;
    if (!session) return 'unauthorized';
    const { claims, expiresAt, tokenId } = session;
    const open = this.socketsPerMember.get(claims.id) ?? 0;
    if (open >= MAX_SOCKETS_PER_MEMBER) return 'too many connections';
    this.socketsPerMember.set(claims.id, open + 1);
    socket.data.userId = claims.id;
    socket.data.expiresAt = expiresAt;
    socket.data.tokenId = tokenId;
    socket.data.signInId = claims.signInId;
    return undefined;
  }
}

/** What this gateway uses of an Engine.IO session. */
interface EngineSocket {
  request: IncomingMessage | null;
  once(event: 'close', listener: () => void): void;
}
