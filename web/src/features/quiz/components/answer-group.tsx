import { useRef, type KeyboardEvent } from 'react';
import type { QuizAnswerOption } from '../api/get-questions';

export type AnswerGroupProps = {
  labelledBy: string;
  answers: QuizAnswerOption[];
  selected: number | undefined;
  onPick(choice: number): void;
};

/**
 * The five answers as an ARIA radio group: one tab stop (the picked answer, else the first), ↑/↓ move and pick.
 * ←/→ are left to the page, where they move between questions.
 */
export function AnswerGroup({ labelledBy, answers, selected, onPick }: AnswerGroupProps) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const focusIndex = Math.max(
    0,
    answers.findIndex((a) => a.choice === selected),
  );

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, i: number) {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const target = (i + step + answers.length) % answers.length;
    refs.current[target]?.focus();
    onPick(answers[target]!.choice);
  }

  return (
    <div className="quiz__answers" role="radiogroup" aria-labelledby={labelledBy} aria-required="true">
      {answers.map((answer, i) => {
        const checked = answer.choice === selected;
        return (
          <button
            key={answer.choice}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={i === focusIndex ? 0 : -1}
            className="quiz__answer"
            onClick={() => onPick(answer.choice)}
            onKeyDown={(event) => onKeyDown(event, i)}
          >
            <span className="quiz__answer-key" aria-hidden="true">
              {answer.choice}
            </span>
            <span className="quiz__answer-text">{answer.txt}</span>
            <span className="quiz__answer-check" aria-hidden="true">
              <svg viewBox="0 0 20 20" focusable="false">
                <path d="m5 10.5 3.2 3L15 6.5" />
              </svg>
            </span>
          </button>
        );
      })}
    </div>
  );
}
