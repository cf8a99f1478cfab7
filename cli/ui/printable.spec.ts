import { printable } from './printable.js';

describe('printable', () => {
  it('shows control characters, escape sequences and bidi overrides as code points', () => {
    expect(printable('Ann\u001b[2J\u0000')).toBe('Ann\\u{1b}[2J\\u{0}');
    expect(printable('abc\u202egnp.exe')).toBe('abc\\u{202e}gnp.exe');
    expect(printable('line\nnext')).toBe('line\\u{a}next');
    expect(printable('line\u2028next\u2029')).toBe('line\\u{2028}next\\u{2029}');
  });

  it('doubles backslashes, so typed text never reads as an escaped character', () => {
    expect(printable('Ann\\u{1b}')).toBe('Ann\\\\u{1b}');
    expect(printable('Ann\\u{1b}')).not.toBe(printable('Ann\u001b'));
    expect(printable('C:\\temp')).toBe('C:\\\\temp');
  });

  it('leaves ordinary text, accents and emoji alone', () => {
    expect(printable('Zoë — 💕 «ok»')).toBe('Zoë — 💕 «ok»');
  });
});
