/**
 * An album's upload links: the list (state, expiry, photos sent), a new one (its address shown
 * this once, with a QR code to print and a copy button, since only its hash is kept), revoking.
 */
import { Badge, Button, Card, Group, Image, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCopy, IconLink, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { displayDate } from '../../../common/dates';
import { LINK_DAYS_MAX } from '../../../common/schemas/albums';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { confirmAction } from '../../components/confirm';
import { qrDataUrl } from '../../components/qr';
import { toast } from '../../toast';
import { useCreateUploadLink, useRevokeUploadLink, useUploadLinks } from './api';

const t = tr.albums.links;

/** The public page's address of a token (the page lives at /yukle/{token}). */
const uploadAddress = (token: string) => `${window.location.origin}/yukle/${token}`;

export function UploadLinks({ albumId, albumName }: { albumId: number; albumName: string }) {
  const links = useUploadLinks(albumId);
  const create = useCreateUploadLink(albumId);
  const revoke = useRevokeUploadLink(albumId);
  const [label, setLabel] = useState('');
  const [days, setDays] = useState<number | string>(14);
  const [fresh, setFresh] = useState<string | null>(null);

  const add = async () => {
    const res = await attempt(() => create.mutateAsync({ label, days: Number(days) }), t.created);
    if (res) {
      setFresh(uploadAddress(res.token));
      setLabel('');
    }
  };
  const stop = async (id: number) => {
    if (!(await confirmAction({ message: t.revokeConfirm, danger: true }))) return;
    await attempt(() => revoke.mutateAsync(id), t.revoked);
  };
  const copy = async (address: string) => {
    await navigator.clipboard?.writeText(address).catch(() => undefined);
    toast('success', t.copied);
  };

  return (
    <Stack gap="sm" mt="md">
      <Title order={3} size="h4">
        {t.title}
      </Title>
      <Text size="sm" c="dimmed">
        {t.hint}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput label={t.label} maxLength={100} value={label} onChange={(e) => setLabel(e.currentTarget.value)} style={{ flex: '1 1 14rem' }} />
        <NumberInput label={t.days} min={1} max={LINK_DAYS_MAX} allowDecimal={false} value={days} onChange={setDays} w={120} />
        <Button leftSection={<IconLink size={16} />} loading={create.isPending} onClick={() => void add()}>
          {t.add}
        </Button>
      </Group>
      {fresh ? (
        <Card withBorder padding="sm" className="print-area">
          <Stack gap="xs" align="center">
            <Text fw={600} ta="center" style={{ overflowWrap: 'anywhere' }}>
              {t.printTitle(albumName)}
            </Text>
            <Image src={qrDataUrl(fresh)} alt={t.qr} w={180} h={180} />
            <Text size="sm" ta="center" style={{ overflowWrap: 'anywhere' }} data-testid="upload-address">
              {fresh}
            </Text>
            <Text size="xs" c="dimmed" ta="center">
              {t.printHint}
            </Text>
            <Text size="xs" c="orange" ta="center" className="no-print">
              {t.shownOnce}
            </Text>
            <Group gap="xs" className="no-print">
              <Button size="xs" variant="default" leftSection={<IconCopy size={14} />} onClick={() => void copy(fresh)}>
                {t.copy}
              </Button>
              <Button size="xs" variant="default" leftSection={<IconPrinter size={14} />} onClick={() => window.print()}>
                {t.print}
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : null}
      {links.data && !links.data.items.length ? (
        <Text size="sm" c="dimmed">
          {t.none}
        </Text>
      ) : null}
      {links.data?.items.map((link) => (
        <Group key={link.id} justify="space-between" gap="xs" wrap="wrap">
          <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {link.label || t.title}
            </Text>
            <Text size="xs" c="dimmed">
              {t.expires(displayDate(link.expiresAt))} · {t.photos(link.photoCount)}
            </Text>
          </Stack>
          <Group gap="xs">
            <Badge color={link.state === 'active' ? 'green' : 'gray'} variant="light">
              {t.states[link.state]}
            </Badge>
            {link.state === 'active' ? (
              <Button size="xs" color="red" variant="subtle" aria-label={`${t.revoke}: ${link.label}`} onClick={() => void stop(link.id)}>
                {t.revoke}
              </Button>
            ) : null}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
