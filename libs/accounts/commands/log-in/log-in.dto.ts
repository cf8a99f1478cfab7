import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

const MISSING = 'Missing email or password';

export class LogInDto {
  @ApiProperty({ example: 'avery@example.com' })
  @IsString({ message: MISSING })
  @IsNotEmpty({ message: MISSING })
  @MaxLength(254, { message: 'Email or password is incorrect' })
  email!: string;

  @ApiProperty()
  @IsString({ message: MISSING })
  @IsNotEmpty({ message: MISSING })
  @MaxLength(128, { message: 'Email or password is incorrect' })
  password!: string;
}
