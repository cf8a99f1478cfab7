import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  hasRefusedCharacters,
  hasVisibleText,
  MESSAGE_MAX,
  messageLength,
  REFUSED_CHARACTERS,
} from '../api/messages';

/** Shown once the message gets near the limit. */
const COUNT_FROM = MESSAGE_MAX - 200;

/** The message box: Enter sends, Shift+Enter starts a new line; the text is trimmed and 1–2000 characters. */
export function MessageComposer({ onSend }: { onSend: (text: string) => void }) {
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const countId = useId();
  const trimmed = text.trim();
  const left = MESSAGE_MAX - messageLength(trimmed);
  const refused = hasRefusedCharacters(trimmed);
  const canSend = hasVisibleText(trimmed) && left >= 0 && !refused;
  const showCount = left <= MESSAGE_MAX - COUNT_FROM;
  const problemId = useId();

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    onSend(trimmed);
    setText('');
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // While an input method composes (Japanese, Chinese…), Enter confirms the word, not the message.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  return (
    <form className="composer" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="sr-only">
        Message
      </label>
      <textarea
        ref={inputRef}
        id={inputId}
        className="composer__input"
        rows={1}
        placeholder="Write a message…"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={[refused && problemId, showCount && countId].filter(Boolean).join(' ') || undefined}
        aria-invalid={left < 0 || refused || undefined}
      />
      {refused ? (
        <p id={problemId} className="composer__problem" role="alert">
          {REFUSED_CHARACTERS}
        </p>
      ) : null}
      {showCount ? (
        <p
          id={countId}
          className={left < 0 ? 'composer__count composer__count--over' : 'composer__count'}
          aria-live="polite"
        >
          {left < 0
            ? `${-left} ${-left === 1 ? 'character' : 'characters'} too many`
            : `${left} characters left`}
        </p>
      ) : null}
      <button type="submit" className="composer__send" disabled={!canSend}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 12 20 4l-6 16-2.5-6.5z" />
        </svg>
        <span className="composer__send-label">Send</span>
      </button>
    </form>
  );
}
