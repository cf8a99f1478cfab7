import { printable } from './printable.js';

describe('printable', () => {
  it('shows control characters, escape sequences and bidi overrides as code points', () => {
    expect(printable('Ann\u001b[2J\u0000')).toBe('Ann\\u{1b}[2J\\u{0}');
    expect(printable('abc\u202egnp.exe')).toBe('abc\\u{202e}gnp.exe');
    expect(printable('line\nnext')).toBe('line\\u{a}next');
  });

  it('leaves ordinary text, accents and emoji alone', () => {
    expect(printable('Zoë — 💕 «ok»')).toBe('Zoë — 💕 «ok»');
  });
});
