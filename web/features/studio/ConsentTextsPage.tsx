/**
 * The studio's consent texts (açık rıza metinleri, reached from the studio screen), one form per
 * purpose: what parents read on their page and on the consent letter. Saving adds a version;
 * answers keep the one they were given to.
 */
import { Badge, Button, Group, Paper, Stack, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { displayDateTime } from '../../../common/dates';
import type { ConsentText } from '../../../common/schemas/parent';
import { tr } from '../../../common/tr';
import { call } from '../../api';
import { keys } from '../../api/keys';
import { attempt, useApiGet, useApiMutation } from '../../api/query';
import { PageHeader } from '../../components/PageHeader';
import { Loaded } from '../../components/QueryState';

const t = tr.parent.texts;

function TextForm({ text }: { text: ConsentText }) {
  const [body, setBody] = useState(text.body);
  const save = useApiMutation(
    (value: string) => call('PUT consent-texts/:purpose', { params: { purpose: text.purpose }, body: { body: value } }),
    [keys.consentTexts()],
  );
  // A refusal (a text too short) is toasted by the call helper with its Turkish message.
  const submit = () => attempt(() => save.mutateAsync(body), t.saved);
  const label = tr.parent.purposes[text.purpose];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={label}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5">
            {label}
          </Title>
          <Badge variant="light" color={text.isDefault ? 'gray' : 'blue'}>
            {text.isDefault ? t.isDefault : t.edited(displayDateTime(text.updatedAt))}
          </Badge>
        </Group>
        <Textarea aria-label={label} autosize minRows={3} value={body} onChange={(e) => setBody(e.currentTarget.value)} />
        <Button style={{ alignSelf: 'flex-start' }} loading={save.isPending} disabled={body.trim() === text.body} onClick={() => void submit()}>
          {tr.words.save}
        </Button>
      </Stack>
    </Paper>
  );
}

export function ConsentTextsPage() {
  const texts = useApiGet(keys.consentTexts(), 'GET consent-texts', {});
  return (
    <Stack>
      <PageHeader title={t.title} subtitle={t.hint} />
      <Loaded query={texts}>{(data) => data.items.map((text) => <TextForm key={`${text.purpose}:${text.version}`} text={text} />)}</Loaded>
    </Stack>
  );
}
