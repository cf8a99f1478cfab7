import { forwardRef, useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import './field.css';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  /** Under the box, linked via aria-describedby (e.g. how many characters are used). */
  hint: ReactNode;
  hintClassName?: string;
}

/** A labelled multi-line box with its hint, the textarea twin of Field. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, hint, hintClassName, id, ...textareaProps },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <textarea ref={ref} id={inputId} {...textareaProps} aria-describedby={hintId} />
      <p id={hintId} className={['field__hint', hintClassName].filter(Boolean).join(' ')}>
        {hint}
      </p>
    </div>
  );
});
