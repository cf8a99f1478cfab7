import { RegisterUserDto } from '../../libs/accounts/commands/register-user/register-user.dto.js';
import { SetProfileDto } from '../../libs/profiles/commands/set-profile/set-profile.dto.js';
import { SubmitQuizDto } from '../../libs/quiz/commands/submit-quiz/submit-quiz.dto.js';
import { answerText } from '../../libs/quiz/questions.js';
import type { ProfileFields } from '../../libs/profiles/profile-view.js';
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
