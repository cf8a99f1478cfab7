import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, MaxLength } from 'class-validator';

export class RequestPasswordResetDto {
  @ApiProperty({ example: 'avery@example.com' })
  @IsString({ message: 'Not a valid email' })
  @MaxLength(254, { message: 'Not a valid email' })
  @IsEmail({}, { message: 'Not a valid email' })
  email!: string;
}
