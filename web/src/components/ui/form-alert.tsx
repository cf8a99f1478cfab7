import './form-alert.css';

/** The form-level error above the fields; the live region stays mounted so the message is announced. */
export function FormAlert({ id, message }: { id: string; message: string }) {
  return (
    <div id={id} role="alert" className={message ? 'form-alert' : 'form-alert form-alert--empty'}>
      {message}
    </div>
  );
}
