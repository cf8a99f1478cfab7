import { Injectable } from '@nestjs/common';
import type { Server } from 'socket.io';

/** Each member's sockets (every tab, on every gateway) share one room. */
export const memberRoom = (userId: string) => `member:${userId}`;

/**
 * What the connections context tells members live, through the Socket.IO server this process serves (its
 * adapter carries it to the other gateways). In a process without the server (the CLI, a matcher) it tells
 * nobody: what happened is stored, and clients catch up from the history.
 */
@Injectable()
export class RealtimeNotifier {
  private server?: Server;

  attach(server: Server): void {
    this.server = server;
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
    try {
      return (await this.server.in(memberRoom(userId)).fetchSockets()).length > 0;
    } catch {
      return false; // a gateway that did not answer in time: mail rather than stay silent
    }
  }

  /** Closes every socket of the member, on every gateway (suspended, deleted). */
  disconnect(userId: string): void {
    this.server?.in(memberRoom(userId)).disconnectSockets(true);
  }
}
