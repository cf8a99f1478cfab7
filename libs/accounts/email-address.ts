import { applyDecorators } from '@nestjs/common';
import { IsEmail, IsString, Matches, MaxLength } from 'class-validator';

/**
 * An address people type: what RFC 5322 allows minus quoted local parts, spaces and control characters. A
 * quoted `"a\r\nb"@x.co` is a valid address to validator.js, and its CR/LF would split a log line or a header.
 */
const PLAIN = /^[^"\\\s\p{Cc}\p{Cf}]+$/u;

export const IsEmailAddress = () =>
  applyDecorators(
    IsString({ message: 'Not a valid email' }),
    MaxLength(254, { message: 'Not a valid email' }),
    IsEmail({}, { message: 'Not a valid email' }),
    Matches(PLAIN, { message: 'Not a valid email' }),
  );
