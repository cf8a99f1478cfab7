import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import type { ValidationArguments } from 'class-validator';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { CHOICES_PER_QUESTION, QUESTION_COUNT } from '../../questions.js';
import { IsId } from '../../../shared/http/is-id.js';

const UNKNOWN_QUESTION = `Each answer needs a question id from 1 to ${QUESTION_COUNT}`;
const badChoice = (args: ValidationArguments) => {
  const id = (args.object as { id?: unknown }).id;
  return `The answer for Q${typeof id === 'number' ? id : '?'} must be a choice from 1 to ${CHOICES_PER_QUESTION}`;
};

export class QuizAnswerDto {
  @ApiProperty({ minimum: 1, maximum: QUESTION_COUNT, description: 'Question number' })
  @IsInt({ message: UNKNOWN_QUESTION })
  @Min(1, { message: UNKNOWN_QUESTION })
  @Max(QUESTION_COUNT, { message: UNKNOWN_QUESTION })
  id!: number;

  @ApiProperty({ minimum: 1, maximum: CHOICES_PER_QUESTION })
  @IsInt({ message: badChoice })
  @Min(1, { message: badChoice })
  @Max(CHOICES_PER_QUESTION, { message: badChoice })
  choice!: number;

  @ApiPropertyOptional({
    description: 'The answer text the client showed; ignored, the server keeps its own texts',
  })
  @IsOptional()
  @MaxLength(500, { message: 'txt must be at most 500 characters' })
  @IsString({ message: 'txt must be text' })
  txt?: string;
}

export class SubmitQuizDto {
  @ApiProperty({ format: 'uuid', description: 'Your user id' })
  @IsId('id must be your user id')
  id!: string;

  // class-validator runs these bottom-up: the list itself is checked before its items.
  @ApiProperty({ type: [QuizAnswerDto] })
  @Type(() => QuizAnswerDto)
  @ValidateNested({ each: true })
  @IsObject({ each: true, message: 'Each answer must be an object {id, choice, txt}' })
  @ArrayMaxSize(QUESTION_COUNT, { message: `Answer each of the ${QUESTION_COUNT} questions exactly once` })
  @IsArray({ message: `answers must be a list of ${QUESTION_COUNT} answers` })
  answers!: QuizAnswerDto[];
}
