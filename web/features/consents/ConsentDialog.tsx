/**
 * One student's consent for staff: the answer in force per purpose, a paper form entered (with
 * its scan), and the evidence — who answered, as whom, when, how, to which text.
 */
import { Anchor, Button, FileInput, Group, Modal, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { displayDate } from '../../../common/dates';
import { CONSENT_PURPOSES, PARENT_RELATIONS, type ConsentAnswer, type ConsentPurpose, type ParentRelation } from '../../../common/schemas/consents';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { optionsOf, SelectField } from '../../components/SelectField';
import { Loaded } from '../../components/QueryState';
import { RowBadge } from '../../components/list/RowBadge';
import { HeadRow } from '../../components/list/HeadRow';
import { useSession } from '../../session/store';
import { useRecordPaperConsent, useStudentConsents } from './api';
import { STATE_COLOR } from './ConsentBadges';

const c = tr.consent;

export function ConsentDialog({ student, branchId, onClose }: { student: { id: number; name: string } | null; branchId: number; onClose(): void }) {
  return (
    <Modal opened={student !== null} onClose={onClose} title={student ? c.paper.title(student.name) : ''} size="xl">
      {student ? <ConsentBody studentId={student.id} branchId={branchId} /> : null}
    </Modal>
  );
}

function ConsentBody({ studentId, branchId }: { studentId: number; branchId: number }) {
  const consents = useStudentConsents(studentId);
  const token = useSession((s) => s.token);
  const level = useSession((s) => s.level);
  const data = consents.data;
  return (
    <Stack>
      {data ? (
        <Group gap="xs" aria-label={c.column} role="list">
          {CONSENT_PURPOSES.map((purpose) => (
            <span key={purpose} role="listitem">
              <RowBadge color={STATE_COLOR[data.states[purpose]]}>{c.badge(c.purposes[purpose], c.states[data.states[purpose]])}</RowBadge>
            </span>
          ))}
        </Group>
      ) : null}
      <PaperForm studentId={studentId} branchId={branchId} />
      <Title order={4}>{c.history.title}</Title>
      <Loaded query={consents}>
        {(loaded) =>
          loaded.records.length ? (
            <Table.ScrollContainer minWidth={640}>
              <Table striped aria-label={c.history.title}>
                <HeadRow labels={[c.history.when, c.paper.purpose, c.paper.answer, c.history.who, c.history.channel, c.history.text, c.history.scan]} />
                <Table.Tbody>
                  {loaded.records.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>{`${displayDate(r.answeredAt.slice(0, 10))} ${new Date(r.answeredAt).toLocaleTimeString('tr-TR', { hour: '2-digit', minute: '2-digit' })}`}</Table.Td>
                      <Table.Td>{c.purposes[r.purpose]}</Table.Td>
                      <Table.Td>
                        <RowBadge color={STATE_COLOR[r.answer]}>{c.states[r.answer]}</RowBadge>
                      </Table.Td>
                      <Table.Td>{`${r.givenByName} (${c.relations[r.relation]})`}</Table.Td>
                      <Table.Td>
                        {r.recordedByName ? `${c.channels[r.channel]} · ${c.history.recordedBy}: ${r.recordedByName}` : c.channels[r.channel]}
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs" ff="monospace">
                          {r.textVersion.slice(0, 12)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {r.hasScan ? (
                          <Anchor size="sm" onClick={() => void openScan(level, token, r.id)}>
                            {c.history.openScan}
                          </Anchor>
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text c="dimmed">{c.history.empty}</Text>
          )
        }
      </Loaded>
    </Stack>
  );
}

/** The scan needs the session's token, so it is fetched and shown from memory. */
async function openScan(level: string | null, token: string | null, recordId: number) {
  const response = await fetch(`/api/${level}/consent-records/${recordId}/scan`, { headers: token ? { authorization: `Bearer ${token}` } : {} }).catch(
    () => null,
  );
  if (!response?.ok) return;
  window.open(URL.createObjectURL(await response.blob()), '_blank', 'noopener');
}

function PaperForm({ studentId, branchId }: { studentId: number; branchId: number }) {
  const record = useRecordPaperConsent(studentId, branchId);
  const [purpose, setPurpose] = useState<ConsentPurpose>('print-photo');
  const [answer, setAnswer] = useState<ConsentAnswer>('yes');
  const [givenByName, setGivenByName] = useState('');
  const [relation, setRelation] = useState<ParentRelation | null>(null);
  const [scan, setScan] = useState<File | null>(null);
  const ready = givenByName.trim() !== '' && relation !== null;
  const submit = async () => {
    if (!relation) return;
    const saved = await attempt(() => record.mutateAsync({ body: { purpose, answer, givenByName, relation }, scan }), c.paper.saved);
    if (saved) setScan(null);
  };
  return (
    <Stack gap="xs" component="form" onSubmit={(e) => (e.preventDefault(), void submit())}>
      <Title order={4}>{c.paper.action}</Title>
      <Group grow align="flex-end" wrap="wrap">
        <SelectField
          label={c.paper.purpose}
          data={optionsOf(c.purposes, CONSENT_PURPOSES)}
          value={purpose}
          onChange={(v) => v && setPurpose(v as ConsentPurpose)}
          miw={220}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="paper-answer">
            {c.paper.answer}
          </Text>
          <SegmentedControl
            aria-labelledby="paper-answer"
            value={answer}
            onChange={(v) => setAnswer(v as ConsentAnswer)}
            data={optionsOf({ yes: c.paper.yes, no: c.paper.no })}
          />
        </Stack>
      </Group>
      <Group grow align="flex-start" wrap="wrap">
        <TextInput label={c.paper.givenByName} required value={givenByName} onChange={(e) => setGivenByName(e.currentTarget.value)} maxLength={120} miw={200} />
        <SelectField
          label={c.paper.relation}
          required
          data={optionsOf(c.relations, PARENT_RELATIONS)}
          value={relation}
          onChange={(v) => setRelation(v as ParentRelation | null)}
          miw={140}
        />
      </Group>
      <FileInput label={c.paper.scan} accept="image/jpeg,image/png,image/webp" value={scan} onChange={setScan} clearable />
      <Group justify="flex-end">
        <Button type="submit" disabled={!ready} loading={record.isPending}>
          {c.paper.save}
        </Button>
      </Group>
    </Stack>
  );
}
