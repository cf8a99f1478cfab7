import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class NameAccountDto {
  @ApiProperty({ example: 'Avery Jones' })
  @Transform(trim)
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  @IsNotEmpty({ message: 'Name required' })
  @IsString({ message: 'Name required' })
  name!: string;
}
