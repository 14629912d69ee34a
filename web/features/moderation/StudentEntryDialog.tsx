/**
 * Staff entering a student's message or nickname suggestion (e.g. from a paper form): the
 * branch, then from and to in searchable selects limited to that branch (or its school when
 * the setting allows), then the text with its live counter.
 */
import { useMemo, useState } from 'react';
import { tr } from '../../../common/tr';
import { FormDialog } from '../../components/form/FormDialog';
import { TextCounterField, textProblem } from '../../components/form/TextCounterField';
import { SelectField } from '../../components/SelectField';
import { useScopeChoices, useStudentOptions, type StudentEntry } from './api';

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
  const branch = pickedBranch ?? (branchOptions.length === 1 ? (branchOptions[0]?.value ?? null) : null);
  const schoolOfBranch = (scopes.data?.items ?? []).find((s) => s.branches.some((b) => String(b.id) === branch))?.id;
  const across = scopes.data?.acrossBranches ?? false;
  const students = useStudentOptions(branch ? (across && schoolOfBranch ? { schoolId: schoolOfBranch } : { branchId: Number(branch) }) : null);
  const studentOptions = (students.data?.items ?? []).map((s) => ({ value: String(s.id), label: `${s.name} (${s.schoolNumber})` }));

  const save = async () => {
    const found: Record<string, string> = {};
    if (!from) found.from = tr.validation.required;
    if (!to) found.to = tr.validation.required;
    if (from && to && from === to) found.to = tr.messages.sameStudent;
    const textError = textProblem(text, props.max);
    if (textError) found.text = textError;
    setErrors(found);
    if (Object.keys(found).length) return;
    if (await props.onSave({ fromStudentId: Number(from), toStudentId: Number(to), text: text.trim() })) props.onClose();
  };

  // The writer and the receiver are chosen alike, from the same students.
  const studentField = (label: string, value: string | null, onChange: (value: string | null) => void, error?: string) => (
    <SelectField
      label={label}
      placeholder={tr.messages.chooseStudent}
      data={studentOptions}
      value={value}
      onChange={onChange}
      error={error}
      disabled={!branch}
    />
  );

  return (
    <FormDialog title={props.title} size="lg" onClose={props.onClose} onSubmit={() => void save()} busy={props.busy} dirty={text !== ''}>
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
      {studentField(tr.messages.from, from, setFrom, errors.from)}
      {studentField(tr.messages.to, to, setTo, errors.to)}
      <TextCounterField label={props.textLabel} value={text} onChange={setText} max={props.max} error={errors.text} multiline={props.multiline} />
    </FormDialog>
  );
}
