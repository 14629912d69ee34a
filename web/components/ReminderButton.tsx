/**
 * A reminder to some of a branch's students (those who have not done something yet): asks first,
 * naming them and the text; busy until the answer, so one click sends once.
 */
import { Button } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import type { ReminderPreview } from '../../common/schemas/student';
import { tr } from '../../common/tr';
import { attempt } from '../api/query';
import { toast } from '../toast';
import { confirmAction } from './confirm';

export interface ReminderTexts {
  action: string;
  nobody: string;
  confirm(n: number): string;
  send: string;
  sent(n: number): string;
}

export function ReminderButton(props: {
  texts: ReminderTexts;
  read(): Promise<ReminderPreview | null>;
  send(): Promise<{ count: number } | false>;
  sending: boolean;
}) {
  const { texts } = props;
  const s = tr.student.staff;
  const [asking, setAsking] = useState(false);
  const run = async () => {
    setAsking(true);
    try {
      const preview = await props.read();
      if (!preview) return;
      if (preview.refusal || !preview.recipients.length) {
        toast('warning', preview.refusal ?? texts.nobody);
        return;
      }
      const names = preview.recipients.map((r) => `${r.schoolNumber} ${r.name}`).join(', ');
      const message = [texts.confirm(preview.recipients.length), names, '', s.remindText, preview.title, preview.body, '', s.remindOnce].join('\n');
      if (!(await confirmAction({ title: texts.action, message, confirmLabel: texts.send, danger: false }))) return;
      const result = await attempt(() => props.send());
      if (result) toast('success', texts.sent(result.count));
    } finally {
      setAsking(false);
    }
  };
  return (
    <Button variant="default" leftSection={<IconBell size={16} />} onClick={() => void run()} loading={asking || props.sending}>
      {texts.action}
    </Button>
  );
}
