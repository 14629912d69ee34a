import { ActionIcon, rem, UnstyledButton } from '@mantine/core';
import type { ComponentType, CSSProperties } from 'react';
import { ROW_TIP } from './RowTooltip';

/**
 * An icon button in a list row, looking exactly like Mantine's subtle ActionIcon: a plain <button>
 * with the ActionIcon's classes and colour variables, because a hundred rows of four or five
 * ActionIcons spent most of a long list's drawing time in the component machinery alone. Its
 * accessible name says what it does and names the row ("Sil: Ayşe Yılmaz"); the screen's one
 * RowTooltip shows the same words on hover and keyboard focus.
 * A busy or disabled button is rare (one row at a time) and is the ActionIcon itself, with its loader.
 */
export function RowIconButton(props: {
  icon: ComponentType<{ size?: number }>;
  label: string;
  /** A theme colour; the theme's primary one when not given. */
  color?: string;
  loading?: boolean;
  disabled?: boolean;
  onClick(): void;
}) {
  const { icon: Icon, label, color, loading, disabled, onClick } = props;
  if (loading || disabled)
    return (
      <ActionIcon
        variant="subtle"
        color={color}
        {...{ [ROW_TIP]: label }}
        aria-label={label}
        loading={loading || undefined}
        disabled={disabled}
        onClick={onClick}
      >
        <Icon size={18} />
      </ActionIcon>
    );
  return (
    <button
      type="button"
      className={buttonClass}
      data-variant="subtle"
      {...{ [ROW_TIP]: label }}
      aria-label={label}
      style={colourVars(color)}
      onClick={onClick}
    >
      <span className={iconClass}>
        <Icon size={18} />
      </span>
    </button>
  );
}

const buttonClass = `mantine-focus-auto mantine-active ${ActionIcon.classes.root} ${UnstyledButton.classes.root} mantine-ActionIcon-root mantine-UnstyledButton-root`;
const iconClass = `${ActionIcon.classes.icon} mantine-ActionIcon-icon`;

/** The subtle variant's colour variables, one style object per colour for every row to share. */
const byColour = new Map<string | undefined, CSSProperties>();
function colourVars(color: string | undefined): CSSProperties {
  let vars = byColour.get(color);
  if (!vars) {
    const prefix = color ? `--mantine-color-${color}` : '--mantine-primary-color';
    vars = {
      '--ai-bg': 'transparent',
      '--ai-hover': `var(${prefix}-light-hover)`,
      '--ai-color': `var(${prefix}-light-color)`,
      '--ai-bd': `${rem(1)} solid transparent`,
    } as CSSProperties;
    byColour.set(color, vars);
  }
  return vars;
}
