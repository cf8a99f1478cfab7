import express from 'express';
import { markRefusedBody } from '../observability/route-of.js';

/** Deeper JSON is refused before any validator walks it (class-transformer recurses and would overflow). */
export const MAX_JSON_DEPTH = 32;

/**
 * Separators (`,` and `:`) a body may have, about two for each field or element. The API's largest body, the
 * quiz, has under 150. The validator's walk over unknown fields grows faster than their count: 12,000 one-letter
 * keys (95 KB, under the size limit) cost 130 ms of the event loop, and a client could hold every request up.
 */
export const MAX_JSON_SEPARATORS = 1_000;

/**
 * C0 and C1 control characters (tab, line feed and carriage return aside: see below), DEL, and the bidirectional
 * overrides and isolates: they break storage (NUL), reach an operator's terminal as escape sequences, or make a
 * name read backwards. No field of the API needs them.
 */
const FORBIDDEN_TEXT =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * Text others read must not hide text: the interlinear annotation marks, and tag characters, which read as
 * nothing to a member or a moderator but as text to a program (hidden instructions). The tags' one use is the
 * flags of England, Scotland and Wales, spelled exactly (a black flag followed by any tags would hide text too).
 */
const ANNOTATION = /[\ufff9-\ufffb]/;
const TAG = /[\u{E0000}-\u{E007F}]/u;
const TAG_FLAG =
  /\u{1F3F4}\u{E0067}\u{E0062}(?:\u{E0065}\u{E006E}\u{E0067}|\u{E0073}\u{E0063}\u{E0074}|\u{E0077}\u{E006C}\u{E0073})\u{E007F}/gu;
const hidesText = (text: string) =>
  ANNOTATION.test(text) || (TAG.test(text) && TAG.test(text.replace(TAG_FLAG, '')));

/**
 * Fields whose text may run over several lines (a bio, a message, a report's note). Every other text is one
 * line: a line break in a name or a city splits the line it is shown on (a card, a mail's subject, a log).
 * Passwords are never shown, and one chosen before this rule must still sign in.
 */
const MULTILINE_FIELDS = new Set(['bio', 'text', 'note']);
/** Tab, line feed, carriage return, and Unicode's line and paragraph separators (a line break to any renderer). */
const LINE_BREAK_OR_TAB = /[\t\n\r\u2028\u2029]/;
const isPassword = (key: string) => /password/i.test(key);

/** Half of a UTF-16 pair without its other half (`"\ud800"` in JSON): no character, and PostgreSQL's JSON refuses it. */
const LONE_SURROGATE = /\p{Cs}/u;

export class UnacceptableJsonError extends Error {
  readonly status = 400;
  constructor(
    readonly type:
      'entity.too.deep' | 'entity.too.many.values' | 'entity.control.characters' | 'entity.invalid.unicode',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Nesting depth and separators of a JSON text, counted without parsing it (brackets, commas and colons inside
 * strings do not count).
 */
export function jsonShape(text: string): { depth: number; separators: number } {
  let depth = 0;
  let deepest = 0;
  let separators = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x2c || char === 0x3a) separators++;
    else if (char === 0x7b || char === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (char === 0x7d || char === 0x5d) depth--;
  }
  return { depth: deepest, separators };
}

/**
 * express.json with the API's body limit, limits on depth and on the number of values, and no control characters or
 * half characters in any string.
 */
export function jsonBody(limit: string): express.RequestHandler {
  return express.json({
    limit,
    verify: (_request, _response, buffer) => {
      const shape = jsonShape(buffer.toString('utf8'));
      if (shape.depth > MAX_JSON_DEPTH)
        throw new UnacceptableJsonError('entity.too.deep', 'JSON nested too deeply');
      if (shape.separators > MAX_JSON_SEPARATORS)
        throw new UnacceptableJsonError('entity.too.many.values', 'JSON has too many values');
    },
    reviver: (key, value: unknown) => {
      if (typeof value !== 'string') return value;
      const password = isPassword(key);
      const oneLine = !MULTILINE_FIELDS.has(key) && !password;
      // A password is never shown: one chosen before these rules must still sign in.
      const hidden = !password && hidesText(value);
      if (FORBIDDEN_TEXT.test(value) || (oneLine && LINE_BREAK_OR_TAB.test(value)) || hidden) {
        throw new UnacceptableJsonError(
          'entity.control.characters',
          'Text must not contain control characters',
        );
      }
      if (LONE_SURROGATE.test(value))
        throw new UnacceptableJsonError('entity.invalid.unicode', 'Text must be valid Unicode');
      return value;
    },
  });
}

/**
 * A body the API cannot read is refused (415), not taken as empty: a PATCH sent as text/plain would otherwise
 * answer 200 with nothing saved. The API reads JSON, and multipart form data where it takes a file.
 */
export function onlyJsonOrFormBodies(
  request: express.Request,
  response: express.Response,
  next: express.NextFunction,
): void {
  const length = Number(request.headers['content-length'] ?? 0);
  const hasBody = length > 0 || request.headers['transfer-encoding'] !== undefined;
  if (!hasBody || request.is(['application/json', 'multipart/form-data'])) return next();
  markRefusedBody(response);
  response.status(415).json({
    statusCode: 415,
    error: 'Unsupported Media Type',
    message: 'Send the body as JSON (Content-Type: application/json)',
  });
}
