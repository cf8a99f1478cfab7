/**
 * Something to see: a character that is not a space, a format character (zero-width space, joiners), a mark
 * that only changes the character before it (a variation selector, an accent) or a blank-looking letter. A
 * name or a message of those only would show as nothing.
 */
export const VISIBLE_TEXT = /[^\s\p{Cf}\p{Mn}\p{Me}\u115F\u1160\u3164\uFFA0\u2800]/u;
