/**
 * The student's own page: its quote (waiting for approval until approved), its approved nickname,
 * what its parent consented to (read-only), its portrait pick among its own photos (in the
 * lightbox; only with the parent's consent to photos in the printed book), and the approved
 * messages written to it.
 */
import { Badge, Button, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { CONSENT_PURPOSES } from '../../../common/schemas/consents';
import { QUOTE_MAX, type Profile } from '../../../common/schemas/student';
import { STATE_COLOR } from '../consents/ConsentBadges';
import { tr } from '../../../common/tr';
import { TextCounterField, useCountedText } from '../../components/form/TextCounterField';
import { lightboxAttributes, useLightbox } from '../../components/lightbox';
import { LoadFailed, Loading } from '../../components/QueryState';
import { toast } from '../../toast';
import { usePickPortrait, useProfile, useSaveQuote } from './api';
import { useDeadline } from './deadline';

const p = tr.student.portal;
/** The lightbox group (and URL hash slug) of the student's own photos. */
const PHOTO_SLUG = 'fotograflarim';

function QuoteCard({ profile, open }: { profile: Profile; open: boolean }) {
  const { text, setText, error, checked } = useCountedText(profile.quoteDraft ?? profile.quote, QUOTE_MAX);
  const save = useSaveQuote();
  const submit = async () => {
    const trimmed = checked();
    if (!trimmed) return;
    if (await save.mutateAsync(trimmed)) toast('success', p.saved);
  };
  return (
    <Card withBorder>
      <Text fw={600} mb="xs">
        {p.quote} {profile.quoteDraft !== null ? <Badge color="yellow">{p.quotePending}</Badge> : null}
      </Text>
      {open ? (
        <Stack gap="xs">
          <TextCounterField label={p.quote} value={text} onChange={setText} max={QUOTE_MAX} error={error} multiline />
          <Button onClick={() => void submit()} loading={save.isPending}>
            {p.save}
          </Button>
        </Stack>
      ) : (
        <Text className="pre-wrap">{profile.quoteDraft ?? (profile.quote || '—')}</Text>
      )}
    </Card>
  );
}

function PortraitCard({ profile, open }: { profile: Profile; open: boolean }) {
  const container = useRef<HTMLDivElement>(null);
  useLightbox(container, profile.photos);
  const pick = usePickPortrait();
  if (profile.consents['print-photo'] !== 'yes') return <Text c="dimmed">{tr.student.noPhotoConsent}</Text>;
  return (
    <Card withBorder>
      <Text fw={600} mb="xs">
        {p.portrait}
      </Text>
      <SimpleGrid cols={3} ref={container}>
        {profile.photos.map((photo, index) => {
          const picked = profile.portraitPickPhotoId === photo.id;
          return (
            <Stack key={photo.id} gap={4} align="center">
              <a
                href={photo.photoUrl}
                {...lightboxAttributes(PHOTO_SLUG, {
                  src: photo.photoUrl,
                  type: 'image',
                  caption: `${p.portrait} ${index + 1}`,
                  thumbSrc: photo.thumbUrl,
                  downloadSrc: photo.downloadUrl,
                  downloadFilename: `foto-${photo.id}.jpg`,
                })}
                aria-label={`${p.portrait} ${index + 1}`}
              >
                <Image
                  src={photo.thumbUrl}
                  alt=""
                  h={96}
                  w={96}
                  fit="cover"
                  radius="sm"
                  style={picked ? { outline: '3px solid var(--mantine-color-teal-6)' } : undefined}
                />
              </a>
              {picked ? (
                <Badge color="teal">{p.picked}</Badge>
              ) : open ? (
                <Button size="compact-xs" variant="default" onClick={() => void pick.mutateAsync(photo.id)} aria-label={`${p.pickPortrait}: ${index + 1}`}>
                  {p.pickPortrait}
                </Button>
              ) : null}
            </Stack>
          );
        })}
      </SimpleGrid>
    </Card>
  );
}

/** The parent's answers, as the student may read them; only the parent changes them. */
function ConsentsCard({ profile }: { profile: Profile }) {
  const c = tr.consent;
  return (
    <Card withBorder>
      <Text fw={600} mb="xs" id="my-consents">
        {c.portal.title}
      </Text>
      <Stack gap={6} component="ul" aria-labelledby="my-consents" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {CONSENT_PURPOSES.map((purpose) => (
          <Group key={purpose} component="li" justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm">{c.purposes[purpose]}</Text>
            <Badge color={STATE_COLOR[profile.consents[purpose]]} variant="light" style={{ flexShrink: 0 }}>
              {c.states[profile.consents[purpose]]}
            </Badge>
          </Group>
        ))}
      </Stack>
      <Text size="xs" c="dimmed" mt="xs">
        {c.portal.note}
      </Text>
    </Card>
  );
}

export function MyPage() {
  const profile = useProfile();
  const { open } = useDeadline();
  if (profile.isPending) return <Loading />;
  if (profile.isError) return <LoadFailed />;
  const data = profile.data;
  return (
    <Stack>
      <Title order={2} size="h3">
        {p.myPage}
      </Title>
      {data.nickname ? (
        <Card withBorder>
          <Text size="sm" c="dimmed">
            {p.approvedNickname}
          </Text>
          <Text fw={700}>{data.nickname}</Text>
        </Card>
      ) : null}
      <QuoteCard key={`${data.quote}|${data.quoteDraft ?? ''}`} profile={data} open={open} />
      <ConsentsCard profile={data} />
      <PortraitCard profile={data} open={open} />
      <Title order={3} size="h4">
        {p.messagesToMe}
      </Title>
      {data.received.length === 0 ? <Text c="dimmed">{p.noMessages}</Text> : null}
      {data.received.map((m) => (
        <Card key={m.id} withBorder component="article" aria-label={m.fromName}>
          <Text size="sm" fw={600}>
            {m.fromName}
          </Text>
          <Text className="pre-wrap">{m.body}</Text>
        </Card>
      ))}
    </Stack>
  );
}
