/**
 * Staff entering a student's message or nickname suggestion (e.g. from a paper form): the
 * branch, then from and to in searchable selects limited to that branch (or its school when
 * the setting allows), then the text with its live counter.
 */
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { tr } from '../../../common/tr';
import { SelectField } from '../../components/SelectField';
import { useScopeChoices, useStudentOptions } from './api';
import { TextCounterField } from './TextCounterField';

export interface StudentEntry {
  fromStudentId: number;
  toStudentId: number;
  text: string;
}

export function StudentEntryDialog(props: {
  title: string;
  textLabel: string;
  max: number;
  multiline?: boolean;
  schoolId?: number;
  branchId?: number;
  busy: boolean;
  onClose(): void;
  onSave(entry: StudentEntry): Promise<boolean>;
}) {
  const scopes = useScopeChoices();
  const [pickedBranch, setBranch] = useState<string | null>(props.branchId ? String(props.branchId) : null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const branchOptions = useMemo(
    () =>
      (scopes.data?.items ?? [])
        .filter((s) => !props.schoolId || s.id === props.schoolId)
        .flatMap((s) => s.branches.map((b) => ({ value: String(b.id), label: `${s.name} · ${b.name}` }))),
    [scopes.data, props.schoolId],
  );
  // A branch manager has one branch: no need to ask.
  const [onlyBranch, anotherBranch] = branchOptions;
  const branch = pickedBranch ?? (onlyBranch && !anotherBranch ? onlyBranch.value : null);
  const schoolOfBranch = (scopes.data?.items ?? []).find((s) => s.branches.some((b) => String(b.id) === branch))?.id;
  const across = scopes.data?.acrossBranches ?? false;
  const students = useStudentOptions(branch ? (across && schoolOfBranch ? { schoolId: schoolOfBranch } : { branchId: Number(branch) }) : null);
  const studentOptions = (students.data?.items ?? []).map((s) => ({ value: String(s.id), label: `${s.name} (${s.schoolNumber})` }));

  const save = async () => {
    const found: Record<string, string> = {};
    if (!from) found.from = tr.validation.required;
    if (!to) found.to = tr.validation.required;
    if (from && to && from === to) found.to = tr.messages.sameStudent;
    if (!text.trim()) found.text = tr.validation.required;
    else if (text.trim().length > props.max) found.text = tr.validation.maxLength(props.max);
    setErrors(found);
    if (Object.keys(found).length) return;
    if (await props.onSave({ fromStudentId: Number(from), toStudentId: Number(to), text: text.trim() })) props.onClose();
  };

  return (
    <Modal opened onClose={props.onClose} title={props.title} size="lg">
      <Stack>
        {props.branchId || branchOptions.length === 1 ? null : (
          <SelectField
            label={tr.messages.branch}
            placeholder={tr.messages.chooseBranch}
            data={branchOptions}
            value={branch}
            onChange={(v) => {
              setBranch(v);
              setFrom(null);
              setTo(null);
            }}
          />
        )}
        <SelectField
          label={tr.messages.from}
          placeholder={tr.messages.chooseStudent}
          data={studentOptions}
          value={from}
          onChange={setFrom}
          error={errors.from}
          disabled={!branch}
        />
        <SelectField
          label={tr.messages.to}
          placeholder={tr.messages.chooseStudent}
          data={studentOptions}
          value={to}
          onChange={setTo}
          error={errors.to}
          disabled={!branch}
        />
        <TextCounterField label={props.textLabel} value={text} onChange={setText} max={props.max} error={errors.text} multiline={props.multiline} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {tr.words.cancel}
          </Button>
          <Button onClick={save} loading={props.busy}>
            {tr.words.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
