import { RegisterUserDto } from '../../libs/accounts/index.js';
import { SetProfileDto, type ProfileFields } from '../../libs/profiles/index.js';
import { SubmitQuizDto, answerText } from '../../libs/quiz/index.js';
import type { SeedUser } from './seed-user-generator.js';
import { validateDto } from './validate-dto.js';

/** A seeded user as the three API requests the SPA would send, each validated by the API's DTO. */
export interface SeedRequests {
  register: RegisterUserDto;
  /** Filled in with the id once registered. */
  profile: (userId: string) => ProfileFields;
  quiz: (userId: string) => { id: number; choice: number }[];
}

export function seedRequests(user: SeedUser, password: string): SeedRequests {
  const who = `seed user ${user.index + 1} (${user.email})`;
  const register = validateDto(RegisterUserDto, { name: user.name, email: user.email, password }, who);
  return {
    register,
    profile: (userId) => {
      const dto = validateDto(SetProfileDto, { id: userId, ...user.profile }, who);
      const { id: _id, ...fields } = dto;
      return fields;
    },
    quiz: (userId) => {
      const answers = user.answers.map((choice, index) => ({
        id: index + 1,
        choice,
        txt: answerText(index + 1, choice),
      }));
      const dto = validateDto(SubmitQuizDto, { id: userId, answers }, who);
      return dto.answers.map(({ id, choice }) => ({ id, choice }));
    },
  };
}
