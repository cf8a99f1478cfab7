import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString } from 'class-validator';

const MISSING = 'Missing email or password';

/** Lengths past those of any account are a wrong email or password (401, LogInHandler), not a bad request. */
export class LogInDto {
  @ApiProperty({ example: 'avery@example.com' })
  @IsNotEmpty({ message: MISSING })
  @IsString({ message: MISSING })
  email!: string;

  @ApiProperty()
  @IsNotEmpty({ message: MISSING })
  @IsString({ message: MISSING })
  password!: string;
}
