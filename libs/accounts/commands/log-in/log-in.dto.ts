import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

const MISSING = 'Missing email or password';

export class LogInDto {
  @ApiProperty({ example: 'avery@example.com' })
  @MaxLength(254, { message: 'Email or password is incorrect' })
  @IsNotEmpty({ message: MISSING })
  @IsString({ message: MISSING })
  email!: string;

  @ApiProperty()
  @MaxLength(128, { message: 'Email or password is incorrect' })
  @IsNotEmpty({ message: MISSING })
  @IsString({ message: MISSING })
  password!: string;
}
