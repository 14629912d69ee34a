/**
 * Import wizard: pick a CSV / XLSX / e-Okul XLS → preview with column mapping and every row's
 * errors (nothing written) → import in one go with a progress bar, or, if the person chooses,
 * only the valid rows → summary with the rows left out. Closing the wizard aborts its upload,
 * and an answer that comes after it closed is dropped.
 */
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  List,
  Modal,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
} from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { importFields, type ImportField, type ImportMapping, type ImportPreview, type ImportResult } from '../../../common/schemas/students';
import { tr } from '../../../common/tr';
import { optionsOf, SelectField } from '../../components/SelectField';
import { HeadRow } from '../../components/list/HeadRow';
import { toast } from '../../toast';
import { commitImport, previewImport, useStudentsRefresh, type ImportTarget } from './api';

const t = tr.students;
const SHOWN_ROWS = 200;

export function ImportWizard({
  opened,
  onClose,
  branchId,
  schoolId,
  canUseSchool,
}: {
  opened: boolean;
  onClose(): void;
  branchId: number;
  schoolId: number | null;
  canUseSchool: boolean;
}) {
  const refresh = useStudentsRefresh();
  const [scope, setScope] = useState<'branch' | 'school'>('branch');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  // The upload on its way: aborted when the wizard closes, so its answer never lands in a closed wizard.
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);
  const begin = () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setProgress(0);
    return controller.signal;
  };
  const target: ImportTarget = scope === 'school' && schoolId ? { schoolId } : { branchId };
  const step = result ? 2 : preview ? 1 : 0;

  const reset = () => {
    setFile(null);
    setPreview(null);
    setMapping(null);
    setResult(null);
    setSkipInvalid(false);
  };
  const close = () => {
    inFlight.current?.abort();
    inFlight.current = null;
    setProgress(null);
    reset();
    onClose();
  };
  const runPreview = async (nextMapping?: ImportMapping) => {
    if (!file) return;
    const signal = begin();
    const answer = await previewImport(target, file, nextMapping, setProgress, signal);
    if (signal.aborted) return;
    setProgress(null);
    if (!answer) return;
    setPreview(answer);
    setMapping(answer.mapping);
    setSkipInvalid(false);
  };
  const runCommit = async () => {
    if (!file || !mapping) return;
    const signal = begin();
    const answer = await commitImport(target, file, { mapping, skipInvalid }, setProgress, signal);
    if (signal.aborted) return;
    setProgress(null);
    if (!answer) return;
    setResult(answer);
    toast(
      answer.invalidCount ? 'warning' : 'success',
      answer.invalidCount
        ? t.import.doneWithInvalid(answer.created, answer.updated, answer.skipped, answer.invalidCount)
        : t.import.done(answer.created, answer.updated, answer.skipped),
    );
    await refresh.imported();
  };

  const headerOptions = (preview?.headers ?? []).map((h, i) => ({ value: String(i), label: h || `${i + 1}. sütun` }));
  const fieldLabel = (f: ImportField) => t.fields[f];
  const mappingChanged = preview && mapping && JSON.stringify(mapping) !== JSON.stringify(preview.mapping);

  return (
    <Modal opened={opened} onClose={close} title={t.import.title} size="xl">
      <Stepper active={step} size="sm" mb="md">
        <Stepper.Step label={t.import.step1} />
        <Stepper.Step label={t.import.step2} />
        <Stepper.Step label={t.import.step3} />
      </Stepper>
      <Stack gap="sm">
        {step === 0 ? (
          <>
            {canUseSchool && schoolId ? (
              <SegmentedControl
                aria-label={t.scope.label}
                value={scope}
                onChange={(v) => setScope(v as 'branch' | 'school')}
                data={optionsOf(t.scope, ['branch', 'school'])}
              />
            ) : null}
            <FileInput
              label={t.import.file}
              accept=".csv,.xlsx,.xls,.XLS,text/csv,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={setFile}
              leftSection={<IconFileSpreadsheet size={16} />}
              clearable
            />
            <Group justify="flex-end">
              <Button onClick={() => void runPreview()} disabled={!file} loading={progress !== null}>
                {t.import.preview}
              </Button>
            </Group>
          </>
        ) : null}

        {step === 1 && preview && mapping ? (
          <>
            <Group gap="xs">
              <Badge color="gray">{preview.format === 'eokul' ? t.import.eOkul : preview.format.toUpperCase()}</Badge>
              <Badge color="green">{t.import.rowsOk(preview.totals.rows - preview.totals.error)}</Badge>
              {preview.totals.error ? <Badge color="red">{t.import.rowsBad(preview.totals.error)}</Badge> : null}
              <Badge variant="light">{`${t.import.created}: ${preview.totals.create}`}</Badge>
              <Badge variant="light">{`${t.import.updated}: ${preview.totals.update}`}</Badge>
              <Badge variant="light">{`${t.import.skipped}: ${preview.totals.skip}`}</Badge>
            </Group>
            {preview.format !== 'eokul' ? (
              <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
                <Text fw={600} size="sm" component="legend" mb={4}>
                  {t.import.mapping}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
                  {importFields.map((field) => (
                    <SelectField
                      key={field}
                      label={fieldLabel(field)}
                      data={[{ value: '', label: t.import.notMapped }, ...headerOptions]}
                      value={mapping[field] === null ? '' : String(mapping[field])}
                      onChange={(v) => setMapping({ ...mapping, [field]: v === null || v === '' ? null : Number(v) })}
                      allowDeselect={false}
                    />
                  ))}
                </SimpleGrid>
                {mappingChanged ? (
                  <Button mt="xs" variant="light" onClick={() => void runPreview(mapping)} loading={progress !== null}>
                    {t.import.preview}
                  </Button>
                ) : null}
              </fieldset>
            ) : null}
            {preview.newBranches.length ? (
              <Alert color="blue" title={t.import.branchesCreated}>
                {preview.newBranches.join(', ')}
              </Alert>
            ) : null}
            {preview.totals.error ? (
              <Alert color="red">
                <Stack gap="xs">
                  <Text size="sm">{t.import.fixFirst}</Text>
                  {preview.totals.error < preview.totals.rows ? (
                    <Checkbox
                      label={t.import.skipInvalid(preview.totals.error)}
                      checked={skipInvalid}
                      onChange={(event) => setSkipInvalid(event.currentTarget.checked)}
                    />
                  ) : null}
                </Stack>
              </Alert>
            ) : null}
            <Table.ScrollContainer minWidth={640} mah={360}>
              <Table striped stickyHeader aria-label={t.import.step2}>
                <HeadRow
                  labels={[t.import.row, t.fields.schoolNumber, t.fields.firstName, t.fields.lastName, t.fields.branch, t.import.state, t.import.errors]}
                />
                <Table.Tbody>
                  {[...preview.rows.filter((r) => r.action === 'error'), ...preview.rows.filter((r) => r.action !== 'error')]
                    .slice(0, SHOWN_ROWS)
                    .map((row) => (
                      <Table.Tr key={row.line}>
                        <Table.Td>{row.line}</Table.Td>
                        <Table.Td>{row.schoolNumber}</Table.Td>
                        <Table.Td>{row.firstName}</Table.Td>
                        <Table.Td>{row.lastName}</Table.Td>
                        <Table.Td>{row.branch}</Table.Td>
                        <Table.Td c={row.action === 'error' ? 'red' : undefined}>{t.import.states[row.action]}</Table.Td>
                        <Table.Td c="red">{row.errors.join(' ')}</Table.Td>
                      </Table.Tr>
                    ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between">
              <Button variant="default" onClick={reset} disabled={progress !== null}>
                {tr.words.back}
              </Button>
              <Button
                onClick={() => void runCommit()}
                disabled={(preview.totals.error > 0 && !skipInvalid) || Boolean(mappingChanged)}
                loading={progress !== null}
              >
                {t.import.commit}
              </Button>
            </Group>
          </>
        ) : null}

        {step === 2 && result ? (
          <>
            <Alert color="green" title={t.import.summary}>
              {result.invalidCount
                ? t.import.doneWithInvalid(result.created, result.updated, result.skipped, result.invalidCount)
                : t.import.done(result.created, result.updated, result.skipped)}
              {result.branchesCreated.length ? ` ${t.import.branchesCreated}: ${result.branchesCreated.join(', ')}` : ''}
            </Alert>
            {result.invalidCount ? (
              <Alert color="yellow" title={t.import.invalidSkipped(result.invalidCount)}>
                <List size="sm" aria-label={t.import.invalidSkipped(result.invalidCount)} mah={240} style={{ overflowY: 'auto' }}>
                  {result.invalidRows.map((row) => (
                    <List.Item
                      key={row.line}
                    >{`${t.import.row} ${row.line}${row.schoolNumber ? ` · ${row.schoolNumber}` : ''}${row.name ? ` · ${row.name}` : ''}: ${row.errors.join(' ')}`}</List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button onClick={close}>{tr.words.close}</Button>
            </Group>
          </>
        ) : null}
        {progress !== null ? <Progress value={Math.max(5, Math.round(progress * 100))} aria-label={t.photos.uploading} striped animated /> : null}
      </Stack>
    </Modal>
  );
}
