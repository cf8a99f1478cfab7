import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Length, MaxLength } from 'class-validator';

export class ChangePasswordDto {
  @ApiProperty()
  @MaxLength(128, { message: 'Your password is incorrect' })
  @IsNotEmpty({ message: 'Current password required' })
  @IsString({ message: 'Current password required' })
  currentPassword!: string;

  @ApiProperty({ minLength: 8, maxLength: 128 })
  @Length(8, 128, { message: 'Password must be 8–128 characters' })
  @IsString({ message: 'Password must be 8–128 characters' })
  newPassword!: string;
}
