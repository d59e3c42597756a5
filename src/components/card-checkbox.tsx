import { Checkbox } from '@mantine/core';
import { useId, type CSSProperties } from 'react';

/**
 * A card's selection box (phone lists, `CARD`): the 20 px box sits in a label that reaches the
 * card's top, bottom and left edges, and 4 px into the gap before the name, so a thumb hits it
 * anywhere in that strip (about 36 × 70 px) without the name, which opens the document, being
 * taken over. The box keeps its own name (« Sélectionner … »).
 */
export function CardCheckbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) {
  const id = useId();
  return (
    <label htmlFor={id} style={STRIP}>
      <Checkbox id={id} aria-label={label} checked={checked} onChange={onChange} />
    </label>
  );
}

// The card's padding is 8 px 8 px 8 px 12 px: the strip takes it back, then pads the box by as much.
const STRIP: CSSProperties = {
  alignSelf: 'stretch',
  margin: '-8px -4px -8px -12px',
  padding: '12px 4px 8px 12px',
  cursor: 'pointer',
  WebkitTapHighlightColor: 'transparent',
  flexShrink: 0,
};
