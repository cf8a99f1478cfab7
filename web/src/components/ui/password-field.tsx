import { forwardRef, useState } from 'react';
import { Field, type FieldProps } from './field';
import './password-field.css';

/** A password Field with a Show/Hide toggle (typing on a phone is hard enough). */
export const PasswordField = forwardRef<HTMLInputElement, Omit<FieldProps, 'type' | 'trailing'>>(
  function PasswordField(props, ref) {
    const [visible, setVisible] = useState(false);
    return (
      <Field
        ref={ref}
        {...props}
        type={visible ? 'text' : 'password'}
        trailing={
          <button
            type="button"
            className="password-toggle"
            aria-pressed={visible}
            aria-label={visible ? 'Hide password' : 'Show password'}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? 'Hide' : 'Show'}
          </button>
        }
      />
    );
  },
);
