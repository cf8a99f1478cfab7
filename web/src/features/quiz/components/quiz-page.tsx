import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { ErrorCard } from '@/components/ui/error-card';
import { Page } from '@/components/ui/page';
import { toast } from '@/components/ui/toast';
import { paths } from '@/app/paths';
import { useAuth } from '@/lib/auth/use-auth';
import { queryKeys } from '@/lib/query/query-keys';
import { storage } from '@/lib/storage';
import { useQuestions, type QuizQuestion } from '../api/get-questions';
import { submitAnswers } from '../api/submit-answers';
import { useQuizProgress } from '../hooks/use-quiz-progress';
import { buildAnswers, MissingAnswerError } from '../utils/build-answers';
import { AnswerGroup } from './answer-group';
import './quiz-page.css';

export function QuizPage() {
  const { auth } = useAuth();
  const query = useQuestions();
  if (!auth) return null;

  return (
    <Page className="quiz-page">
      {query.status === 'loading' && <QuizSkeleton />}
      {query.status === 'error' && (
        <ErrorCard title="We couldn’t load the quiz." error={query.error} onRetry={query.retry} />
      )}
      {query.status === 'ready' && <QuizRunner userId={auth.id} questions={query.data} />}
    </Page>
  );
}

type Step = 'answering' | 'confirm' | 'done';

function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

function QuizRunner({ userId, questions }: { userId: string; questions: QuizQuestion[] }) {
  const navigate = useNavigate();
  const { progress, setProgress, clear } = useQuizProgress(userId);
  const [step, setStep] = useState<Step>('answering');
  const queryClient = useQueryClient();
  const submission = useMutation({
    mutationFn: submitAnswers,
    onSuccess: () => {
      clear();
      storage.markQuizDone(userId);
      queryClient.setQueryData(queryKeys.quizStatus(userId), true);
      // Today's set is made from the answers: the next visit asks for it again.
      queryClient.removeQueries({ queryKey: queryKeys.matches(userId) });
      setStep('done');
    },
    onError: (error) => {
      toast.error(
        'Your answers were not submitted',
        error instanceof Error ? error.message : 'Please try again.',
      );
      setStep('confirm');
    },
  });
  const submitting = submission.isPending;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const total = questions.length;
  const index = Math.min(progress.index, total - 1);
  const question = questions[index]!;
  const selected = progress.choices[question.id];
  const isLast = index === total - 1;
  const answeredCount = questions.filter((q) => progress.choices[q.id] !== undefined).length;

  function goTo(next: number) {
    setProgress((p) => ({ ...p, index: Math.max(0, Math.min(total - 1, next)) }));
  }

  function pick(choice: number) {
    setProgress((p) => ({ ...p, choices: { ...p.choices, [question.id]: choice } }));
  }

  function next() {
    if (selected === undefined) return;
    if (isLast) setStep('confirm');
    else goTo(index + 1);
  }

  // Moving to another question puts focus on its heading so screen readers read the new question.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [index]);

  // Page-wide shortcuts: 1–5 pick an answer, ← and → move between questions.
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (step !== 'answering' || event.defaultPrevented) return;
    if (event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return;
    if (/^[1-9]$/.test(event.key)) {
      const choice = Number(event.key);
      if (question.answers.some((a) => a.choice === choice)) {
        event.preventDefault();
        pick(choice);
      }
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      goTo(index - 1);
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  function submit() {
    toast.dismissErrors();
    let answers;
    try {
      answers = buildAnswers(questions, progress.choices);
    } catch (error) {
      if (!(error instanceof MissingAnswerError)) throw error;
      toast.error(error.message, 'Please answer every question before submitting.');
      const missingIndex = questions.findIndex((q) => q.id === error.questionId);
      setStep('answering');
      if (missingIndex >= 0) goTo(missingIndex);
      return;
    }
    submission.mutate({ id: userId, answers });
  }

  const percent = Math.round((answeredCount / total) * 100);

  return (
    <div className="quiz">
      <div className="quiz__progress-row">
        <span className="quiz__progress-label" aria-hidden="true">
          {answeredCount} of {total} answered
        </span>
        <div
          className="quiz__progress"
          role="progressbar"
          aria-label="Quiz progress"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={answeredCount}
          aria-valuetext={`Question ${index + 1} of ${total}, ${answeredCount} answered`}
        >
          <div className="quiz__progress-fill" style={{ width: `${percent}%` }} />
        </div>
      </div>

      <Card as="section" className="quiz__card" padding="lg" aria-labelledby="quiz-question-title">
        <p className="eyebrow">{question.theme}</p>
        <h1 id="quiz-question-title" className="quiz__title" ref={headingRef} tabIndex={-1}>
          Question {index + 1} of {total}
        </h1>
        <p id="quiz-question-text" className="quiz__question display">
          {question.text}
        </p>

        <AnswerGroup
          key={question.id}
          labelledBy="quiz-question-text"
          answers={question.answers}
          selected={selected}
          onPick={pick}
        />

        <div className="quiz__nav">
          <Button variant="secondary" onClick={() => goTo(index - 1)} disabled={index === 0}>
            Previous
          </Button>
          <Button onClick={next} disabled={selected === undefined}>
            Next
          </Button>
        </div>
      </Card>

      <p className="quiz__hint text-muted text-small">
        Tip: press <kbd>1</kbd>–<kbd>5</kbd> to answer and <kbd>←</kbd> <kbd>→</kbd> to move between
        questions.
      </p>

      <Dialog
        open={step === 'confirm'}
        onClose={() => !submitting && setStep('answering')}
        dismissable={!submitting}
        title="Submit answers?"
        description="You can review your answers before submitting. Your matches are built from them."
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => setStep('answering')} disabled={submitting}>
            Review
          </Button>
          <Button onClick={submit} loading={submitting}>
            Submit
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={step === 'done'}
        dismissable={false}
        title="You're all set!"
        description="Your answers are in. Your matches are waiting."
      >
        <DialogActions>
          <Button onClick={() => navigate(paths.match)}>View your matches!</Button>
        </DialogActions>
      </Dialog>
    </div>
  );
}

function QuizSkeleton() {
  return (
    <div className="quiz" aria-busy="true" aria-label="Loading the quiz">
      <div className="skeleton quiz__skeleton-bar" />
      <div className="skeleton quiz__skeleton-card" />
    </div>
  );
}
