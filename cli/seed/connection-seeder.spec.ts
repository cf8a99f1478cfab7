import { isUUID } from 'class-validator';
import { SendMessageDto } from '../../libs/connections/index.js';
import { lineId } from './connection-seeder.js';
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
});
