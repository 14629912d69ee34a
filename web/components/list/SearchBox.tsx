import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { tr } from '../../../common/tr';

/** A search field that tells the list after a short pause in typing (the list toolbar's first field). */
export function SearchBox({
  value,
  onChange,
  label = tr.words.search,
  placeholder,
}: {
  value: string;
  onChange(q: string): void;
  label?: string;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  // The list's value changed from outside (back, "clear filters"): show it, decided while rendering.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const told = useRef(value);
  const tell = useDebouncedCallback((q: string) => {
    told.current = q;
    onChange(q);
  }, 300);
  // A change from outside ("Filtreleri temizle", back) wins over keystrokes still waiting to be told.
  useEffect(() => {
    if (value !== told.current) tell.cancel();
    told.current = value;
  }, [value, tell]);
  const clear = () => {
    // A pending keystroke must not bring the cleared text back.
    tell.cancel();
    setText('');
    told.current = '';
    onChange('');
  };
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder ?? `${label}…`}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        tell(e.currentTarget.value);
      }}
      rightSection={text ? <CloseButton aria-label="Aramayı temizle" onClick={clear} /> : null}
      miw={220}
    />
  );
}
