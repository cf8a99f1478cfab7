import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { hasVisibleText, MESSAGE_MAX } from '../api/messages';

/** Shown once the message gets near the limit. */
const COUNT_FROM = MESSAGE_MAX - 200;

/** The message box: Enter sends, Shift+Enter starts a new line; the text is trimmed and 1–2000 characters. */
export function MessageComposer({ onSend }: { onSend: (text: string) => void }) {
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const countId = useId();
  const trimmed = text.trim();
  const canSend = hasVisibleText(trimmed) && trimmed.length <= MESSAGE_MAX;

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
        maxLength={MESSAGE_MAX}
        placeholder="Write a message…"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={text.length >= COUNT_FROM ? countId : undefined}
      />
      {text.length >= COUNT_FROM ? (
        <p id={countId} className="composer__count" aria-live="polite">
          {MESSAGE_MAX - text.length} characters left
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
