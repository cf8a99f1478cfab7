import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { Server } from 'socket.io';

/** Each member's sockets (every tab, on every gateway) share one room. */
export const memberRoom = (userId: string) => `member:${userId}`;

/** What a gateway tells the others when a member's last socket on it closes. */
const MEMBER_LEFT = 'member-left';

/**
 * What the connections context tells members live, through the Socket.IO server this process serves (its
 * adapter carries it to the other gateways). In a process without the server (the CLI, a matcher) it tells
 * nobody: what happened is stored, and clients catch up from the history.
 */
@Injectable()
export class RealtimeNotifier {
  private server?: Server;

  /**
   * Members found online on another gateway. Asking the others (fetchSockets) is a request and an answer
   * through PostgreSQL, per message to a member on another gateway; the answer holds until a gateway says the
   * member's last socket there closed (`left`), or for a minute, should a gateway end without saying so.
   */
  private readonly onlineElsewhere = new LRUCache<string, true>({ max: 100_000, ttl: 60_000 });

  attach(server: Server): void {
    this.server = server;
    server.sockets.on(MEMBER_LEFT, (userId: unknown) => {
      if (typeof userId === 'string') this.onlineElsewhere.delete(userId);
    });
  }

  /** One emit for all of `userIds`' rooms: one broadcast to the other gateways, whatever the number of members. */
  tell(
    userIds: string | string[],
    event: 'message' | 'connection' | 'interest' | 'read' | 'ended',
    payload: object,
  ): void {
    const rooms = (Array.isArray(userIds) ? userIds : [userIds]).map(memberRoom);
    this.server?.to(rooms).emit(event, payload);
  }

  /** Whether the member has an open socket on any gateway: this one's rooms first, the others only if not here. */
  async isOnline(userId: string): Promise<boolean> {
    if (!this.server) return false;
    if ((this.server.sockets.adapter.rooms.get(memberRoom(userId))?.size ?? 0) > 0) return true;
    if (this.onlineElsewhere.has(userId)) return true;
    try {
      const online = (await this.server.in(memberRoom(userId)).fetchSockets()).length > 0;
      if (online) this.onlineElsewhere.set(userId, true);
      return online;
    } catch {
      return false; // a gateway that did not answer in time: mail rather than stay silent
    }
  }

  /** The member's last socket on this gateway closed: the other gateways, if any, stop counting them online. */
  async left(userId: string): Promise<void> {
    const server = this.server;
    if (server && (await server.sockets.adapter.serverCount()) > 1)
      server.serverSideEmit(MEMBER_LEFT, userId);
  }

  /**
   * Closes every socket of the member, on every gateway (suspended, deleted, signed out everywhere), except
   * those opened with the token `keep` (a password change's asker: its sign-in goes on).
   */
  async disconnect(userId: string, keep?: string): Promise<void> {
    const server = this.server;
    if (!server) return;
    if (!keep) return void server.in(memberRoom(userId)).disconnectSockets(true);
    for (const socket of await server.in(memberRoom(userId)).fetchSockets())
      if (socket.data.tokenId !== keep) socket.disconnect(true);
  }

  /**
   * Closes the member's sockets, on every gateway, that were opened with a token of the sign-in `signInId`, or
   * with the token `keptTokenId` (the one a password change kept working for that sign-in).
   */
  async disconnectSignIn(userId: string, signInId: string, keptTokenId?: string): Promise<void> {
    for (const socket of (await this.server?.in(memberRoom(userId)).fetchSockets()) ?? [])
      if (socket.data.signInId === signInId || (keptTokenId && socket.data.tokenId === keptTokenId))
        socket.disconnect(true);
  }
}
