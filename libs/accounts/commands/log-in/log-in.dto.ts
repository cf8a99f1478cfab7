import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString } from 'class-validator';

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

  @ApiProperty({
    required: false,
    default: true,
    description: "'Remember me': false gives a refresh cookie that ends with the browser session",
  })
  @IsOptional()
  @IsBoolean({ message: 'persist must be true or false' })
  persist?: boolean;
}
