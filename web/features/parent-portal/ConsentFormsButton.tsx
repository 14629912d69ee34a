/** Staff's button for a branch's consent letters (Veli Onay Formu): asks, then downloads the PDF (new parent codes for all). */
import { Button } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { useState } from 'react';
import { tr } from '../../../common/tr';
import { confirmAction } from '../../components/confirm';
import { toast } from '../../toast';
import { downloadCodesPdf } from '../login-cards/api';

const t = tr.parent.forms;

export function ConsentFormsButton({ branchId }: { branchId: number }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!(await confirmAction({ title: t.action, message: t.confirm, confirmLabel: t.pdf, danger: false }))) return;
    setBusy(true);
    const outcome = await downloadCodesPdf(`branches/${branchId}/consent-forms.pdf`, 'veli-onay-formlari.pdf');
    setBusy(false);
    if (outcome === true) toast('success', t.ready);
    else toast('error', outcome);
  };
  return (
    <Button variant="default" leftSection={<IconFileCertificate size={16} />} loading={busy} onClick={() => void run()}>
      {t.action}
    </Button>
  );
}
