import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { isUUID } from 'class-validator';
import { SendMessageCommand, SendMessageDto } from '../../libs/connections/index.js';
import { ConnectionSeeder, lineId, turnOrder } from './connection-seeder.js';
import { firstName, SMALL_TALK } from './small-talk.js';
import { validateDto } from './validate-dto.js';

describe('seeded conversations', () => {
  it('has scripts of three to six lines, each one the API would take', () => {
    for (const script of SMALL_TALK) {
      expect(script.length).toBeGreaterThanOrEqual(3);
      expect(script.length).toBeLessThanOrEqual(6);
      for (const line of script) {
        const text = line.replaceAll('{them}', 'Brittany').replaceAll('{city}', 'Winston-Salem');
        expect(validateDto(SendMessageDto, { text }, 'a test').text).toBe(text);
        expect(text).not.toMatch(/[{}]/);
      }
    }
  });

  it('gives each line of a conversation its own uuid, the same on every run', () => {
    const ids = [0, 1, 2].map((line) => lineId('7c1f1f52-1d8e-4a57-9a44-2d2c1d8b8f01', line));
    for (const id of ids) expect(isUUID(id, 'all')).toBe(true);
    expect(new Set(ids).size).toBe(3);
    expect(lineId('7c1f1f52-1d8e-4a57-9a44-2d2c1d8b8f01', 0)).toBe(ids[0]);
    expect(lineId('0b3c2a10-5f7e-4c1a-8d2b-9e6f4a3b2c10', 0)).not.toBe(ids[0]);
  });

  it('calls people by their first name', () => {
    expect(firstName('Brittany Richardson')).toBe('Brittany');
    expect(firstName('  Ana  ')).toBe('Ana');
  });

  it('sends a conversation once, whichever of the pair a later run meets first', async () => {
    const { app, sent } = chatApp();
    const seeder = new ConnectionSeeder(app, { seed: 42 });
    const ann = { id: 'b0000000-0000-4000-8000-000000000001', name: 'Ann Lee', email: 'a@x', city: 'Reno' };
    const bo = { id: 'a0000000-0000-4000-8000-000000000002', name: 'Bo Park', email: 'b@x', city: 'Waco' };
    const connectionId = '7c1f1f52-1d8e-4a57-9a44-2d2c1d8b8f01';
    // As connect() sends it: in the pair's own order, whoever it met first.
    const first = await seeder['converse'](connectionId, ...turnOrder(ann, bo));
    expect(first).toBeGreaterThanOrEqual(3);
    expect(await seeder['converse'](connectionId, ...turnOrder(bo, ann))).toBe(0);
    expect(sent.size).toBe(first);
  });

  it('puts a pair in one order, given either way round', () => {
    const one = { id: '0b3c2a10-5f7e-4c1a-8d2b-9e6f4a3b2c10' };
    const another = { id: '7c1f1f52-1d8e-4a57-9a44-2d2c1d8b8f01' };
    expect(turnOrder(one, another)).toEqual([one, another]);
    expect(turnOrder(another, one)).toEqual([one, another]);
  });
});

type Sent = { id: string; senderId: string; text: string };

/**
 * Buses that keep messages unique by (sender, clientId), as the messages table does, and list them; a read
 * mark changes nothing here.
 */
function chatApp(): { app: INestApplicationContext; sent: Map<string, Sent> } {
  const sent = new Map<string, Sent>();
  const commands = {
    execute: (command: unknown) => {
      if (!(command instanceof SendMessageCommand)) return Promise.resolve(undefined);
      const key = `${command.userId}:${command.clientId}`;
      const message = sent.get(key) ?? { id: `m${sent.size}`, senderId: command.userId, text: command.text };
      sent.set(key, message);
      return Promise.resolve(message);
    },
  };
  const queries = { execute: () => Promise.resolve({ messages: [...sent.values()], more: false }) };
  const app = {
    get: (token: unknown) => (token === CommandBus ? commands : token === QueryBus ? queries : {}),
  } as unknown as INestApplicationContext;
  return { app, sent };
}
