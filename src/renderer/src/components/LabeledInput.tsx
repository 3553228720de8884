import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldError, invalidProps } from './FieldError';

// One form field as the forms lay them out: the label around its input, the field's messages
// under it (linked with aria-describedby), in a field-group that can grow to the row's width.

interface Props {
  /** The FieldError's id (the input points at it when invalid). */
  errorId: string;
  label: ReactNode;
  messages: string[] | undefined;
  grow?: boolean;
  input: InputHTMLAttributes<HTMLInputElement>;
}

export function LabeledInput({ errorId, label, messages, grow, input }: Props) {
  return (
    <div className={grow ? 'field-group grow' : 'field-group'}>
      <label>
        {label}
        <input {...input} {...invalidProps(errorId, messages)} />
      </label>
      <FieldError id={errorId} messages={messages} />
    </div>
  );
}
