/**
 * The tooltip of every icon-only row button: one for the whole screen rather than one per
 * button, because a tooltip component on each button of a hundred rows made long lists slow to
 * draw. A row button carries its text in `data-row-tip` (its accessible name); pointing at it
 * or reaching it with the keyboard shows the text above it, as Mantine's Tooltip looks.
 */
import { Portal, Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';

/** The attribute a row button names its tooltip by. */
export const ROW_TIP = 'data-row-tip';

interface Tip {
  text: string;
  x: number;
  y: number;
}

const tipClass = `${Tooltip.classes.tooltip} mantine-Tooltip-tooltip`;

function tipOf(target: EventTarget | null): Tip | null {
  const button = target instanceof Element ? target.closest(`[${ROW_TIP}]`) : null;
  if (!button) return null;
  const box = button.getBoundingClientRect();
  return { text: button.getAttribute(ROW_TIP) ?? '', x: box.left + box.width / 2, y: box.top };
}

export function RowTooltip() {
  const [tip, setTip] = useState<Tip | null>(null);
  useEffect(() => {
    const show = (event: Event) => setTip(tipOf(event.target));
    const hide = () => setTip(null);
    document.addEventListener('pointerover', show);
    document.addEventListener('focusin', show);
    document.addEventListener('focusout', hide);
    document.addEventListener('scroll', hide, true);
    return () => {
      document.removeEventListener('pointerover', show);
      document.removeEventListener('focusin', show);
      document.removeEventListener('focusout', hide);
      document.removeEventListener('scroll', hide, true);
    };
  }, []);
  if (!tip) return null;
  return (
    <Portal>
      <div role="tooltip" className={tipClass} data-fixed style={{ left: tip.x, top: tip.y - 6, transform: 'translate(-50%, -100%)', zIndex: 300 }}>
        {tip.text}
      </div>
    </Portal>
  );
}
