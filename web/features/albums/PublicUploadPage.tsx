/**
 * /yukle/{token}: the page an upload link opens, for a teacher or a parent without an account.
 * They give their name and send photos (one file a request, the portraits' picker and limits);
 * the photos wait for a moderator. A link that expired or was revoked says so, and nothing else.
 */
import { Alert, Center, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { displayDate } from '../../../common/dates';
import { tr } from '../../../common/tr';
import { keys } from '../../api/keys';
import { PhotoPicker } from '../../components/photos/PhotoPicker';
import { toast } from '../../toast';
import { readUploadLink, sendLinkPhoto } from './api';

const t = tr.albums.upload;

export function PublicUploadPage() {
  const token = useParams().token ?? '';
  const link = useQuery({ queryKey: keys.uploadLink(token), queryFn: () => readUploadLink(token), retry: false });
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  useEffect(() => {
    document.title = [t.title, tr.appName].join(' · ');
  }, []);

  const send = (file: File, onProgress: (f: number) => void, signal: AbortSignal) => {
    if (!name.trim()) {
      setNameError(t.nameFirst);
      return Promise.resolve({ ok: false as const, message: t.nameFirst, retry: false });
    }
    return sendLinkPhoto(token, name.trim(), file, onProgress, signal);
  };
  const finished = ({ sent, failed }: { sent: number; failed: number }) => {
    if (failed) toast('warning', tr.students.photos.uploadSummary(sent, failed));
    else if (sent) toast('success', t.sent(sent));
  };

  let body;
  if (link.isLoading) body = <Loader aria-label={tr.loading} />;
  else if (!link.data?.ok)
    body = (
      <Alert color="red" title={t.title} role="alert">
        {link.data?.message || t.unknown}
      </Alert>
    );
  else {
    const item = link.data.item;
    body = (
      <Stack>
        <Text style={{ overflowWrap: 'anywhere' }}>{t.intro(item.albumName, item.schoolName)}</Text>
        <Text size="sm" c="dimmed">
          {t.review} {t.expires(displayDate(item.expiresAt))}
        </Text>
        <TextInput
          label={t.name}
          description={t.nameHint}
          withAsterisk
          maxLength={100}
          value={name}
          error={nameError}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameError(null);
          }}
        />
        <PhotoPicker send={send} onFinished={finished} />
      </Stack>
    );
  }

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="lg" radius="md" w="100%" maw={640}>
        <Stack>
          <Title order={1} size="h3">
            {t.title}
          </Title>
          {body}
        </Stack>
      </Paper>
    </Center>
  );
}
