/** "Yanıtlamayanlara hatırlat": a notification to the branch's students whose parents have not answered every purpose. */
import { tr } from '../../../common/tr';
import { ReminderButton } from '../../components/ReminderButton';
import { readConsentReminder, useRemindConsent } from './api';

const r = tr.consent.remind;
const texts = { action: r.action, nobody: r.nobody, confirm: r.confirm, send: r.send, sent: r.sent };

export function ConsentReminderButton({ branchId }: { branchId: number }) {
  const remind = useRemindConsent();
  return <ReminderButton texts={texts} read={() => readConsentReminder(branchId)} send={() => remind.mutateAsync(branchId)} sending={remind.isPending} />;
}
