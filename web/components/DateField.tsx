/**
 * The date picker every screen uses: shows and accepts dd/mm/yyyy with a Turkish calendar,
 * and hands the form 'yyyy-mm-dd', the form the API takes.
 */
import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { parseDisplayDate } from '../../common/dates';

export type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  value: string | null;
  onChange: (value: string | null) => void;
};

export function DateField({ value, onChange, ...props }: DateFieldProps) {
  const [calendarOpen, setCalendarOpen] = useState(false);
  return (
    <DateInput
      {...props}
      value={value || null}
      onChange={(next) => onChange(next ? next.slice(0, 10) : null)}
      valueFormat="DD/MM/YYYY"
      dateParser={(input) => parseDisplayDate(input)}
      placeholder={props.placeholder ?? 'gg/aa/yyyy'}
      leftSection={<IconCalendar size={16} />}
      clearable={props.clearable ?? true}
      locale="tr"
      popoverProps={{ ...props.popoverProps, onOpen: () => setCalendarOpen(true), onClose: () => setCalendarOpen(false) }}
      // Escape with the calendar open closes the calendar only, not the dialog the field is in.
      data-mantine-stop-propagation={calendarOpen ? 'true' : undefined}
    />
  );
}
