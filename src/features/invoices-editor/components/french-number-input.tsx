import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { formatInputNumber } from '../../../domain/format';
import { parseFrenchNumber } from '../../../domain/money';

/** Amounts keep two decimals ('1234,50'), quantities up to three ('2,5'). */
const FORMATS = { amount: { decimals: 2 }, quantity: { maxDecimals: 3 } } as const;
const formatInput = (value: number, format: keyof typeof FORMATS) => formatInputNumber(value, FORMATS[format]);

interface Props extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: number;
  onValue: (value: number) => void;
  format?: keyof typeof FORMATS;
}

/**
 * A French number field: comma decimals ("12,5"), spaces allowed; what is typed stays as typed
 * (a half-typed "12," is not rewritten) and is tidied on leaving the field. Blank counts as 0.
 */
export function FrenchNumberInput({ value, onValue, format = 'amount', ...rest }: Props) {
  const [text, setText] = useState(() => formatInput(value, format));
  const typed = useRef(value);
  // A value changed from outside (another field, a reset) replaces the text.
  useEffect(() => {
    if (value !== typed.current) {
      typed.current = value;
      setText(formatInput(value, format));
    }
  }, [value, format]);
  const parsed = text.trim() === '' ? 0 : parseFrenchNumber(text);
  return (
    <TextInput
      {...rest}
      inputMode="decimal"
      value={text}
      error={parsed === null ? 'Nombre invalide, par exemple 12,50' : rest.error}
      onFocus={(e) => e.currentTarget.select()}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        const n = next.trim() === '' ? 0 : parseFrenchNumber(next);
        if (n !== null) {
          typed.current = n;
          onValue(n);
        }
      }}
      onBlur={(e) => {
        if (parsed !== null) setText(formatInput(parsed, format));
        rest.onBlur?.(e);
      }}
    />
  );
}
