import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class DeleteAccountDto {
  @ApiProperty({ description: 'the account password, asked again' })
  @MaxLength(128, { message: 'Your password is incorrect' })
  @IsNotEmpty({ message: 'Password required' })
  @IsString({ message: 'Password required' })
  password!: string;
}
