/**
 * Login cards of a branch (login-cards/{branchId}): new codes for every student, shown as
 * printable cards (ten an A4 page) with a QR code of the sign-in address, or as a PDF.
 */
import { Button, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconKey, IconPrinter } from '@tabler/icons-react';
import qrcode from 'qrcode-generator';
import { useState } from 'react';
import type { BranchCodes } from '../../../common/schemas/student';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { confirmAction } from '../../components/confirm';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../toast';
import { downloadCardsPdf, useBranchCodes } from './api';

const t = tr.student.cards;

function qrDataUrl(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return qr.createDataURL(4, 0);
}

export function LoginCardsPage({ branchId }: { branchId: number }) {
  const issue = useBranchCodes();
  const [sheet, setSheet] = useState<BranchCodes | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = () => confirmAction({ title: t.action, message: t.regenerateConfirm, confirmLabel: t.regenerateAll });
  const makeCards = async () => {
    if (!(await ask())) return;
    const result = await attempt(() => issue.mutateAsync(branchId));
    if (result) setSheet(result);
  };
  const makePdf = async () => {
    if (!(await ask())) return;
    setBusy(true);
    const outcome = await downloadCardsPdf(branchId);
    if (outcome !== true) toast('error', outcome);
    setBusy(false);
  };
  const url = sheet ? `${sheet.loginUrl}?okul=${encodeURIComponent(sheet.schoolCode)}` : '';

  return (
    <Stack>
      <PageHeader
        title={sheet ? t.title(sheet.branchName) : t.action}
        subtitle={sheet?.schoolName}
        actions={
          <>
            <Button leftSection={<IconKey size={16} />} onClick={() => void makeCards()} loading={issue.isPending}>
              {t.regenerateAll}
            </Button>
            <Button variant="default" leftSection={<IconFileTypePdf size={16} />} onClick={() => void makePdf()} loading={busy}>
              {t.pdf}
            </Button>
            {sheet ? (
              <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
                {t.print}
              </Button>
            ) : null}
          </>
        }
      />
      {sheet ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={0} className="login-cards" aria-label={t.title(sheet.branchName)}>
          {sheet.items.map((card) => (
            <Card key={card.studentId} withBorder radius={0} className="login-card" aria-label={card.name}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Text size="xs" c="dimmed">{`${sheet.schoolName} · ${sheet.branchName}`}</Text>
                  <Text fw={700}>{card.name}</Text>
                  <Text size="sm">{`${tr.student.schoolCode}: ${sheet.schoolCode}`}</Text>
                  <Text size="sm">{`${tr.student.schoolNumber}: ${card.schoolNumber}`}</Text>
                  <Text size="sm">
                    {`${tr.student.accessCode}: `}
                    <Text span fw={700} ff="monospace" data-testid="access-code">
                      {card.code}
                    </Text>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t.cardHint}
                  </Text>
                </Stack>
                <Image src={qrDataUrl(url)} alt={url} w={96} h={96} />
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
