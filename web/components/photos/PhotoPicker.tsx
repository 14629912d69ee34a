/**
 * Photo selection and upload: picked files are checked in the browser first (type and size, a
 * Turkish reason for each refused one, nothing of it sent), shown as previews that can be
 * removed, then sent one file per request, a few at a time, each with its own progress bar.
 * A file that fails on the way (network, time limit, server error) is tried again by itself;
 * one failing file never stops the rest of the batch, and the end of a batch gives a summary.
 * Closing the dialog that holds the picker aborts what is still on its way.
 */
import { ActionIcon, Alert, Button, Center, FileButton, Group, Image, List, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPhoto, IconPhotoPlus, IconRefresh, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { tr } from '../../../common/tr';
import { LeaveGuard } from '../LeaveGuard';
import { imagePreview } from './imagePreview';

const t = tr.students.photos;

/** What the server takes by default (PHOTO_MAX_BYTES); a server set lower still answers its own message. */
const PHOTO_MAX_BYTES = 25 * 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif';
const ACCEPTED_TYPES = new Set(ACCEPT.split(','));
const ACCEPTED_NAMES = /\.(jpe?g|png|webp|heic|heif)$/i;
/**
 * Files on their way at once: enough to fill a line and to keep the server's two image slots
 * busy while a third file travels, few enough that each finishes soon.
 */
const PARALLEL = 3;
/** Tries of one file before it is left failed (a 4xx answer is not tried again). */
const TRIES = 3;

export type SendResult = { ok: true } | { ok: false; message: string; retry: boolean };

type State = 'ready' | 'sending' | 'retrying' | 'done' | 'failed';
interface Item {
  key: number;
  file: File;
  /** Null when the browser cannot show it (HEIC): the server converts it all the same. */
  image: string | null;
  state: State;
  progress: number;
  attempt: number;
  message?: string;
}

/** Why a file is not sent, or null when it may be. HEIC often comes with no type, so its name counts too. */
function refusal(file: File, maxBytes: number): string | null {
  if (!ACCEPTED_TYPES.has(file.type) && !(file.type === '' && ACCEPTED_NAMES.test(file.name))) return t.refusedType(file.name);
  if (file.size > maxBytes) return t.refusedSize(file.name, Math.round((maxBytes / 1024 / 1024) * 10) / 10);
  return null;
}

let nextKey = 1;

export function PhotoPicker({
  send,
  onFinished,
  pickLabel = t.pick,
  hint,
  maxBytes = PHOTO_MAX_BYTES,
}: {
  /** Sends one file; `signal` aborts it. */
  send(file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<SendResult>;
  /** After a batch: how many files arrived and how many are left failed. */
  onFinished(summary: { sent: number; failed: number }): void | Promise<void>;
  pickLabel?: string;
  hint?: string;
  maxBytes?: number;
}) {
  const [items, setItems] = useState<Item[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<{ sent: number; failed: number } | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const update = (key: number, change: Partial<Item>) => setItems((current) => current.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const add = async (files: File[]) => {
    const reasons: string[] = [];
    const accepted: File[] = [];
    for (const file of files) {
      const reason = refusal(file, maxBytes);
      if (reason) reasons.push(reason);
      else accepted.push(file);
    }
    setRefused(reasons);
    setSummary(null);
    const picked = await Promise.all(
      accepted.map(async (file): Promise<Item> => ({ key: nextKey++, file, image: await imagePreview(file), state: 'ready', progress: 0, attempt: 0 })),
    );
    setItems((current) => [...current, ...picked]);
  };

  /** One file, tried again after a short pause while the failure is one worth retrying. */
  const sendOne = async (item: Item, signal: AbortSignal): Promise<boolean> => {
    for (let attempt = 1; attempt <= TRIES; attempt++) {
      update(item.key, { state: attempt === 1 ? 'sending' : 'retrying', attempt, progress: 0, message: undefined });
      const result = await send(item.file, (progress) => update(item.key, { progress }), signal);
      if (signal.aborted) return false;
      if (result.ok) {
        update(item.key, { state: 'done', progress: 1 });
        return true;
      }
      if (!result.retry || attempt === TRIES) {
        update(item.key, { state: 'failed', message: result.message });
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
    return false;
  };

  const start = async (batch: Item[]) => {
    if (!batch.length || busy) return;
    const controller = new AbortController();
    abort.current = controller;
    setBusy(true);
    setSummary(null);
    let sent = 0;
    let failed = 0;
    const queue = [...batch];
    const lane = async () => {
      for (let item = queue.shift(); item && !controller.signal.aborted; item = queue.shift()) {
        if (await sendOne(item, controller.signal)) sent++;
        else failed++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, batch.length) }, lane));
    if (controller.signal.aborted) return;
    setBusy(false);
    // The files that arrived leave the list; failed ones stay with their reason and a retry.
    setItems((current) => current.filter((i) => i.state !== 'done'));
    setSummary({ sent, failed });
    await onFinished({ sent, failed });
  };

  const waiting = items.filter((i) => i.state === 'ready' || i.state === 'failed');
  const stateText = (item: Item) =>
    ({
      ready: t.fileWaiting,
      sending: t.fileSending,
      retrying: t.fileRetrying(item.attempt),
      done: t.fileDone,
      failed: `${t.fileFailed}: ${item.message ?? ''}`,
    })[item.state];

  return (
    <Stack gap="sm">
      {busy ? <LeaveGuard /> : null}
      <Group gap="sm">
        <FileButton onChange={(files) => void add(files)} accept={ACCEPT} multiple>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconPhotoPlus size={16} />} disabled={busy}>
              {pickLabel}
            </Button>
          )}
        </FileButton>
        <Button leftSection={<IconUpload size={16} />} onClick={() => void start(waiting)} disabled={!waiting.length} loading={busy}>
          {t.upload}
        </Button>
      </Group>
      {hint ? (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      ) : null}
      {refused.length ? (
        <Alert color="red" title={t.refused}>
          <List size="sm">
            {refused.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {summary && summary.failed ? <Alert color="yellow" title={t.uploadSummary(summary.sent, summary.failed)} /> : null}
      {items.length ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" role="list" aria-label={t.previews}>
          {items.map((item) => (
            <div key={item.key} role="listitem" aria-label={item.file.name} style={{ position: 'relative' }}>
              {item.image ? (
                <Image src={item.image} alt={item.file.name} h={90} fit="cover" radius="sm" />
              ) : (
                <Center h={90} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
                  <IconPhoto size={32} aria-hidden />
                </Center>
              )}
              {/* The name is what matches a photo to its student: cut to the tile, whole on hover. */}
              <Text size="xs" mt={2} truncate="end" title={item.file.name} data-testid="preview-name">
                {item.file.name}
              </Text>
              {item.state !== 'ready' ? (
                <Progress
                  mt={4}
                  value={Math.round(item.progress * 100)}
                  color={item.state === 'failed' ? 'red' : item.state === 'done' ? 'green' : undefined}
                  aria-label={t.progressOf(item.file.name)}
                  striped={item.state === 'sending' || item.state === 'retrying'}
                />
              ) : null}
              <Text size="xs" c={item.state === 'failed' ? 'red' : 'dimmed'} mt={2} lineClamp={3}>
                {stateText(item)}
              </Text>
              {item.state === 'failed' && !busy ? (
                <Button size="compact-xs" variant="light" mt={2} leftSection={<IconRefresh size={12} />} onClick={() => void start([item])}>
                  {`${t.retry}: ${item.file.name}`}
                </Button>
              ) : null}
              {item.state === 'ready' || (item.state === 'failed' && !busy) ? (
                <ActionIcon
                  size="sm"
                  color="red"
                  variant="filled"
                  style={{ position: 'absolute', top: 4, right: 4 }}
                  aria-label={`${t.removePreview}: ${item.file.name}`}
                  onClick={() => setItems((current) => current.filter((i) => i.key !== item.key))}
                  disabled={busy}
                >
                  <IconX size={14} />
                </ActionIcon>
              ) : null}
            </div>
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
