/**
 * Bulk upload after a shoot: files named by school number go to their students, or, with the
 * photographer's index file, by the student named in its row; the rest are listed.
 */
import { Alert, FileInput, List, Modal, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BulkPhotoResult } from '../../../common/schemas/students';
import { tr } from '../../../common/tr';
import { PhotoPicker } from '../../components/photos/PhotoPicker';
import { toast } from '../../toast';
import { uploadBulkPhotos } from './api';

const t = tr.students.photos;

export function BulkPhotosDialog({ opened, onClose, path }: { opened: boolean; onClose(): void; path: string }) {
  const client = useQueryClient();
  const [result, setResult] = useState<BulkPhotoResult | null>(null);
  const [indexFile, setIndexFile] = useState<File | null>(null);
  const upload = async (form: FormData, onProgress: (f: number) => void) => {
    if (indexFile) form.append('index', indexFile, indexFile.name);
    const answer = await uploadBulkPhotos(path, form, onProgress);
    if (!answer) return false;
    setResult(answer);
    toast(answer.unmatched.length ? 'warning' : 'success', t.bulkResult(answer.matched.length, answer.unmatched.length));
    await client.invalidateQueries({ queryKey: ['students'] });
    return true;
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
        <PhotoPicker upload={upload} hint={t.bulkHint} />
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
