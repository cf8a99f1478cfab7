import { ApiProperty } from '@nestjs/swagger';
import { IsAccountName } from '../../account-name.js';

export class NameAccountDto {
  @ApiProperty({ example: 'Avery Jones' })
  @IsAccountName()
  name!: string;
}
