/**
 * Bulk upload after a shoot: files named by school number go to their students, or, with the
 * photographer's index file, by the student named in its row; the rest are listed.
 */
import { Alert, FileInput, List, Modal, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { BulkPhotoResult } from '../../../common/schemas/students';
import { tr } from '../../../common/tr';
import { PhotoPicker, type SendResult } from '../../components/photos/PhotoPicker';
import { toast } from '../../toast';
import { sendShootPhoto, useStudentsRefresh } from './api';

const t = tr.students.photos;

export function BulkPhotosDialog({ opened, onClose, branchId }: { opened: boolean; onClose(): void; branchId: number }) {
  const refresh = useStudentsRefresh();
  const [result, setResult] = useState<BulkPhotoResult | null>(null);
  const [indexFile, setIndexFile] = useState<File | null>(null);
  // Each file goes in its own request (with the index file, small, beside it); the answers add up to one result.
  const collected = useRef<BulkPhotoResult>({ success: true, matched: [], unmatched: [] });
  const send = async (file: File, onProgress: (f: number) => void, signal: AbortSignal): Promise<SendResult> => {
    const sent = await sendShootPhoto(branchId, file, indexFile, onProgress, signal);
    if (!sent.ok) return sent;
    collected.current.matched.push(...sent.answer.matched);
    collected.current.unmatched.push(...sent.answer.unmatched);
    return { ok: true };
  };
  const finished = async ({ failed }: { sent: number; failed: number }) => {
    const answer = collected.current;
    collected.current = { success: true, matched: [], unmatched: [] };
    setResult(answer);
    const summary = t.bulkResult(answer.matched.length, answer.unmatched.length);
    toast(
      answer.unmatched.length || failed ? 'warning' : 'success',
      failed ? `${summary} ${t.uploadSummary(answer.matched.length + answer.unmatched.length, failed)}` : summary,
    );
    if (answer.matched.length) await refresh.shootMatched();
  };
  return (
    <Modal
      opened={opened}
      onClose={() => {
        setResult(null);
        setIndexFile(null);
        onClose();
      }}
      title={t.bulk}
      size="xl"
    >
      <Stack>
        <FileInput
          label={t.index}
          description={t.indexHint}
          accept=".txt,.csv,.tsv,text/plain,text/csv,text/tab-separated-values"
          value={indexFile}
          onChange={setIndexFile}
          clearable
          leftSection={<IconFileText size={16} />}
        />
        <PhotoPicker send={send} onFinished={finished} hint={t.bulkHint} />
        {result ? (
          <Alert color={result.unmatched.length ? 'yellow' : 'green'} title={t.bulkResult(result.matched.length, result.unmatched.length)}>
            {result.unmatched.length ? (
              <>
                <Text size="sm" fw={600}>
                  {t.unmatched}
                </Text>
                <List size="sm">
                  {result.unmatched.map((u) => (
                    <List.Item key={u.fileName}>{`${u.fileName}: ${u.reason}`}</List.Item>
                  ))}
                </List>
              </>
            ) : null}
          </Alert>
        ) : null}
      </Stack>
    </Modal>
  );
}
