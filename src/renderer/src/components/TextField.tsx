import { FieldError, invalidProps } from './FieldError';

interface Props {
  /** The visible label, which is also the input's accessible name. */
  label: string;
  /** The id of the field's error message (the input points at it while it has messages). */
  errorId: string;
  value: string;
  onChange(value: string): void;
  /** The messages a failed save left for this field. */
  messages: string[] | undefined;
  placeholder?: string;
  /** Lets the field take the free width of its row (e.g. a name next to a tags field). */
  grow?: boolean;
}

/** A labelled one-line text input of a form, with its save errors shown and linked under it. */
export function TextField({ label, errorId, value, onChange, messages, placeholder, grow }: Props) {
  return (
    <div className={grow ? 'field-group grow' : 'field-group'}>
      <label>
        {label}
        <input
          type="text"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          {...invalidProps(errorId, messages)}
        />
      </label>
      <FieldError id={errorId} messages={messages} />
    </div>
  );
}
