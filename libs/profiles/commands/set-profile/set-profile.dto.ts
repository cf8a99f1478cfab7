import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { SEXES, type Sex } from '../../profile.entity.js';
import { ProfileMessages as M, ProfileRules as R } from '../../profile-rules.js';
import { IsId } from '../../../shared/http/is-id.js';
import { Trimmed } from '../../../shared/http/trimmed.js';

/** Absent optional text is stored as an empty string, like a field the user left blank. */
const trimOrEmpty = ({ value }: { value: unknown }) =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value.trim() : value;
/** A number input may arrive as "25"; anything else that is not a number stays as it is and fails IsInt. */
const wholeNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : value;

/** The profile form (spec section 5), validated as strictly as the client validates it. */
export class SetProfileDto {
  @ApiProperty({ format: 'uuid' })
  @IsId(M.userId)
  id!: string;

  @ApiProperty({
    example: 'Austin',
    maxLength: R.cityMaxLength,
    description: "The part before the comma of 'City, ST'",
  })
  @Trimmed()
  @IsNotEmpty({ message: M.location })
  @MaxLength(R.cityMaxLength, { message: M.location })
  // A letter or digit somewhere (not only invisible characters such as U+200B).
  @Matches(/[\p{L}\p{N}]/u, { message: M.location })
  // No comma (it separates the state) and no control characters.
  @Matches(/^[^,\p{Cc}]+$/u, { message: M.location })
  @IsString({ message: M.location })
  city!: string;

  @ApiProperty({ example: 'TX', pattern: R.statePattern.source })
  @Trimmed()
  @Matches(R.statePattern, { message: M.location })
  @IsString({ message: M.location })
  state!: string;

  @ApiProperty({ minimum: R.minAge, maximum: R.maxAge, example: 27 })
  @Transform(wholeNumber)
  @IsInt({ message: M.age })
  @Min(R.minAge, { message: M.age })
  @Max(R.maxAge, { message: M.age })
  age!: number;

  @ApiProperty({ enum: SEXES })
  @IsIn(SEXES, { message: M.gender })
  gender!: Sex;

  @ApiProperty({ enum: SEXES })
  @IsIn(SEXES, { message: M.preferredSex })
  preferredSex!: Sex;

  @ApiProperty({ required: false, maxLength: R.educationMaxLength, description: 'Major/Degree' })
  @Transform(trimOrEmpty)
  @MaxLength(R.educationMaxLength, { message: M.education })
  @IsString({ message: M.education })
  education: string = '';

  @ApiProperty({ required: false, maxLength: R.jobTitleMaxLength, description: 'Instagram profile' })
  @Transform(trimOrEmpty)
  @MaxLength(R.jobTitleMaxLength, { message: M.jobTitle })
  @IsString({ message: M.jobTitle })
  jobTitle: string = '';

  @ApiProperty({ required: false, maxLength: R.bioMaxLength, description: 'One sentence: what love is' })
  @Transform(trimOrEmpty)
  @MaxLength(R.bioMaxLength, { message: M.bio })
  @IsString({ message: M.bio })
  bio: string = '';
}
