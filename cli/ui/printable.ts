/**
 * Text members typed, made safe for an operator's terminal: control characters (escape sequences included), line
 * and paragraph separators, and bidirectional marks and overrides are shown as \u{…} instead of acting on the
 * screen. A backslash they typed is shown doubled, so typed text never looks like one of these escapes.
 */
export function printable(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    /[\\\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (char) => (char === '\\' ? '\\\\' : `\\u{${char.codePointAt(0)!.toString(16)}}`),
  );
}
