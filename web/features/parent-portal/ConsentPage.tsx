/**
 * /veli: a parent answers each purpose on its own, after giving their name and relation; each
 * answer is saved at once. Once the school's book is final the page only shows the answers.
 */
import { Alert, Badge, Box, Button, Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { redirect } from 'react-router';
import { displayDate } from '../../../common/dates';
import { PARENT_RELATIONS, type ConsentAnswer, type ConsentPurpose, type ParentRelation } from '../../../common/schemas/consents';
import type { ParentConsents } from '../../../common/schemas/parent';
import { tr } from '../../../common/tr';
import { PortalHeader } from '../../components/PortalHeader';
import { LoadFailed, Loading } from '../../components/QueryState';
import { FrameProviders } from '../../layout/FrameProviders';
import { toast } from '../../toast';
import { DigitalYearbookReader } from '../digital-yearbook/DigitalYearbookReader';
import { useAnswerConsent, useParentConsents, useParentYearbook } from './api';
import { parentExit, useParentSession } from './session';

const p = tr.parent;
const NAME_MIN = 3;

const stateColour = { yes: 'teal', no: 'red', none: 'gray' } as const;

/** Before the page: a parent's token, or back to the sign-in. */
function requireParent(): null {
  if (useParentSession.getState().token) return null;
  throw redirect('/veli/login');
}

function ConsentPage() {
  const query = useParentConsents();

  useEffect(() => {
    document.title = `${p.title} · ${tr.appName}`;
  }, []);

  return (
    <FrameProviders>
      <Box maw={560} mx="auto" mih="100vh">
        <PortalHeader
          name={query.data?.student.name ?? p.title}
          place={query.data ? `${query.data.student.schoolName} · ${query.data.student.branchName}` : ''}
          signOutLabel={p.signOut}
          exit={parentExit}
        />
        <Box component="main" p="md">
          {query.isPending ? <Loading /> : null}
          {query.isError ? <LoadFailed /> : null}
          {query.data ? <Consents data={query.data} /> : null}
          {query.data ? <ParentYearbook consented={query.data.items.some((item) => item.purpose === 'digital-photo' && item.answer === 'yes')} /> : null}
        </Box>
      </Box>
    </FrameProviders>
  );
}

/** The digital yearbook under the answers: shown once the parent said yes to its photos, with what it waits for before the book is final. */
function ParentYearbook({ consented }: { consented: boolean }) {
  const book = useParentYearbook(consented);
  if (!consented) return null;
  return (
    <Stack mt="xl">
      <Title order={2} size="h3">
        {tr.digitalYearbook.title}
      </Title>
      {book.isPending ? <Loading /> : null}
      {book.isError ? <LoadFailed /> : null}
      {book.data ? book.data.state === 'ready' ? <DigitalYearbookReader book={book.data} /> : <Alert role="status">{book.data.message}</Alert> : null}
    </Stack>
  );
}

function Consents({ data }: { data: ParentConsents }) {
  const [name, setName] = useState(data.lastAnswerer?.name ?? '');
  const [relation, setRelation] = useState<ParentRelation | ''>(data.lastAnswerer?.relation ?? '');
  const [whoError, setWhoError] = useState<string | null>(null);
  const [saving, setSaving] = useState<{ purpose: ConsentPurpose; value: ConsentAnswer } | null>(null);
  const answer = useAnswerConsent();

  const give = async (purpose: ConsentPurpose, value: ConsentAnswer) => {
    if (name.trim().length < NAME_MIN || !relation) {
      setWhoError(p.consents.needWho);
      return;
    }
    setWhoError(null);
    setSaving({ purpose, value });
    const result = await answer.mutateAsync({ purpose, answer: value, name, relation });
    setSaving(null);
    if (result) toast('success', p.consents.saved(p.purposes[purpose], p.answers[value]));
  };

  return (
    <Stack>
      <Title order={1} size="h3">
        {p.consents.heading(data.student.name)}
      </Title>
      <Text size="sm">{p.intro}</Text>
      {data.final ? (
        <Alert color="orange" role="status">
          {p.consents.final}
        </Alert>
      ) : (
        <Card withBorder component="fieldset" m={0}>
          <Text component="legend" fw={600} px={4}>
            {p.consents.who}
          </Text>
          <Stack gap="sm">
            <TextInput
              label={p.consents.name}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              autoComplete="name"
              error={whoError && name.trim().length < NAME_MIN ? whoError : null}
            />
            <div>
              <Text size="sm" fw={500} id="relation-label">
                {p.consents.relation}
              </Text>
              <SegmentedControl
                aria-labelledby="relation-label"
                fullWidth
                value={relation}
                onChange={(value) => setRelation(value as ParentRelation)}
                data={PARENT_RELATIONS.map((r) => ({ value: r, label: p.relations[r] }))}
              />
              {whoError && !relation ? (
                <Text size="xs" c="red" mt={4}>
                  {whoError}
                </Text>
              ) : null}
            </div>
          </Stack>
        </Card>
      )}
      {data.items.map((item) => {
        const text = data.texts.find((t) => t.purpose === item.purpose);
        const state = item.answer ?? 'none';
        const label = p.purposes[item.purpose];
        return (
          <Card key={item.purpose} withBorder component="section" aria-label={label}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Title order={2} size="h5">
                {label}
              </Title>
              <Badge color={stateColour[state]} variant="light" style={{ flexShrink: 0 }}>
                {p.states[state]}
              </Badge>
            </Group>
            <Text size="sm" mt="xs" className="pre-wrap">
              {text?.body}
            </Text>
            {item.answeredAt ? (
              <Text size="xs" c="dimmed" mt="xs">
                {p.consents.answeredOn(displayDate(item.answeredAt))}
              </Text>
            ) : null}
            {data.final ? null : (
              <Group grow mt="sm">
                {(['yes', 'no'] as const).map((value) => (
                  <Button
                    key={value}
                    variant={item.answer === value ? 'filled' : 'default'}
                    color={value === 'yes' ? 'teal' : 'red'}
                    aria-pressed={item.answer === value}
                    disabled={saving !== null && saving.purpose !== item.purpose}
                    loading={saving?.purpose === item.purpose && saving.value === value}
                    onClick={() => void give(item.purpose, value)}
                  >
                    {p.answers[value]}
                  </Button>
                ))}
              </Group>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}

/** The /veli route: the consent page, behind a parent's sign-in. */
export { ConsentPage as Component, requireParent as loader };
