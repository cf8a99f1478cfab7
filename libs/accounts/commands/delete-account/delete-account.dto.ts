import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class DeleteAccountDto {
  @ApiProperty({ description: 'the account password, asked again' })
  @IsString({ message: 'Password required' })
  @IsNotEmpty({ message: 'Password required' })
  @MaxLength(128, { message: 'Your password is incorrect' })
  password!: string;
}
