/** The settings of one design (studio or school) beside the live preview of a real student. */
import { Alert, Button, ColorInput, Grid, Group, NumberInput, Paper, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import {
  BINDINGS,
  EVENT_PAGE_PLACES,
  DESIGN_TEMPLATES,
  FONT_PAIRS,
  PAGE_MULTIPLES,
  PAPERS,
  PHOTO_SHAPES,
  PRINT_CONDITIONS,
  designSettings,
  type DesignResponse,
  type DesignSettings,
} from '../../../common/schemas/design';
import { IMAGE_MAX_MB } from '../../../common/schemas/studio';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { LeaveGuard } from '../../components/LeaveGuard';
import { confirmAction } from '../../components/confirm';
import { optionsOf, SelectField } from '../../components/SelectField';
import { zodValidate } from '../../components/form/zodValidate';
import { loadUser } from '../../session/actions';
import { ImagePicker, type PickedImage } from '../studio/ImagePicker';
import { useStaleGuard } from '../../components/form/staleRecord';
import { readDesign, usePreviewStudent, useRemoveOverride, useSaveDesign, useUploadCover, useUploadPrintProfile } from './api';
import { PrintProfilePicker } from './PrintProfilePicker';
import { PagePreview } from './PagePreview';

const t = tr.design;

function Labelled({ label, children }: { label: string; children: React.ReactNode }) {
  const id = `label-${label.replace(/\s+/g, '-')}`;
  return (
    <Stack gap={4} role="group" aria-labelledby={id}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

export function DesignForm({ design, readOnly, onChanged }: { design: DesignResponse; readOnly: boolean; onChanged(): Promise<unknown> }) {
  const schoolId = design.schoolId;
  // Set up once per design shown: a refetch or an upload must not take the person's edits away.
  const form = useForm<DesignSettings>({
    mode: 'controlled',
    initialValues: design.settings,
    validate: zodValidate(designSettings),
    validateInputOnChange: ['messagesPerPage', 'panelColumns'],
  });
  const [cover, setCover] = useState<PickedImage | null>(null);
  const [printProfile, setPrintProfile] = useState<File | null>(null);
  // Settings changed elsewhere come in only while there is nothing unsaved to lose.
  const { settings } = design;
  useEffect(() => {
    if (form.isDirty()) return;
    form.setValues(settings);
    form.resetDirty(settings);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `form` is a new object each render; only the server's settings matter here
  }, [settings]);
  const preview = usePreviewStudent(schoolId);
  const saveDesign = useSaveDesign();
  const removeOverride = useRemoveOverride();
  const uploadCover = useUploadCover();
  const uploadPrintProfile = useUploadPrintProfile();
  const v = form.values;
  const stale = useStaleGuard(design, () => readDesign(schoolId), { settings: tr.pages.design });

  const afterWrite = async () => {
    // The panel's colour follows the design the caller sees.
    await Promise.all([onChanged(), loadUser()]);
  };
  // One "Kaydet" for all the form shows: a picked cover and ICC profile go up first, then the settings with them.
  const save = form.onSubmit(async (values) => {
    let coverImageUrl = values.coverImageUrl;
    let profile = values.printProfile;
    // A cover upload is a write of the design too: the save after it sends the version it made.
    let version = stale.version;
    if (cover) {
      const uploaded = await attempt(() => uploadCover.mutateAsync({ schoolId, file: cover.file }));
      if (!uploaded) return;
      stale.saved(uploaded);
      version = uploaded.version;
      coverImageUrl = uploaded.settings.coverImageUrl;
      setCover(null);
      form.setFieldValue('coverImageUrl', coverImageUrl);
    }
    if (printProfile && values.printCondition === 'FOGRA51') {
      const uploaded = await attempt(() => uploadPrintProfile.mutateAsync(printProfile));
      if (!uploaded) return;
      stale.saved(uploaded);
      version = uploaded.version;
      profile = uploaded.settings.printProfile;
      setPrintProfile(null);
      form.setFieldValue('printProfile', profile);
    }
    const result = await attempt(
      () => saveDesign.mutateAsync({ schoolId, settings: { ...values, coverImageUrl, printProfile: profile }, version, onErrorBody: stale.onErrorBody }),
      tr.saved,
    );
    if (!result) return;
    stale.saved(result);
    form.setValues(result.settings);
    form.resetDirty(result.settings);
    await afterWrite();
  });
  const remove = async () => {
    if (schoolId === null || !(await confirmAction({ message: t.confirmRemove, confirmLabel: t.removeOverride }))) return;
    const result = await attempt(() => removeOverride.mutateAsync(schoolId), t.overrideRemoved);
    if (!result) return;
    stale.saved(result);
    form.setValues(result.settings);
    await afterWrite();
  };

  // The design's fixed lists are drop-downs that always hold one of their values.
  const choice = (field: 'fontPair' | 'binding' | 'paper' | 'eventPages') => ({ allowDeselect: false, disabled: readOnly, ...form.getInputProps(field) });
  const uploading = uploadCover.isPending || uploadPrintProfile.isPending;

  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder p="md" radius="md">
          <form onSubmit={save} noValidate>
            <Stack>
              {stale.notice}
              {uploading ? <LeaveGuard /> : !readOnly && (form.isDirty() || cover || printProfile) ? <LeaveGuard message={tr.unsaved.leavePage} /> : null}
              {schoolId !== null ? <Alert color={design.overridden ? 'blue' : 'gray'}>{design.overridden ? t.hasOverride : t.usesStudioDesign}</Alert> : null}
              <Labelled label={t.template}>
                <SegmentedControl data={optionsOf(t.templates, DESIGN_TEMPLATES)} disabled={readOnly} {...form.getInputProps('template')} />
              </Labelled>
              <Group grow wrap="wrap">
                <ColorInput label={t.primaryColor} format="hex" disabled={readOnly} {...form.getInputProps('primaryColor')} miw={150} />
                <ColorInput label={t.accentColor} format="hex" disabled={readOnly} {...form.getInputProps('accentColor')} miw={150} />
              </Group>
              <SelectField label={t.fontPair} data={optionsOf(t.fontPairs, FONT_PAIRS)} {...choice('fontPair')} />
              <Labelled label={t.photoShape}>
                <SegmentedControl data={optionsOf(t.photoShapes, PHOTO_SHAPES)} disabled={readOnly} {...form.getInputProps('photoShape')} />
              </Labelled>
              <Switch label={t.showNickname} disabled={readOnly} {...form.getInputProps('showNickname', { type: 'checkbox' })} />
              <Switch label={t.showQuote} disabled={readOnly} {...form.getInputProps('showQuote', { type: 'checkbox' })} />
              <Switch label={t.showMessages} disabled={readOnly} {...form.getInputProps('showMessages', { type: 'checkbox' })} />
              <NumberInput label={t.messagesPerPage} min={1} max={12} disabled={readOnly || !v.showMessages} {...form.getInputProps('messagesPerPage')} />
              <SelectField label={t.binding} data={optionsOf(t.bindings, BINDINGS)} {...choice('binding')} />
              <SelectField label={t.paper} description={t.paperHint} data={optionsOf(t.papers, PAPERS)} {...choice('paper')} />
              <SelectField
                label={t.eventPages}
                data={optionsOf({ 'after-panels': t.eventPagesAfterPanels, end: t.eventPagesEnd }, EVENT_PAGE_PLACES)}
                {...choice('eventPages')}
              />
              <NumberInput label={t.panelColumns} min={4} max={6} disabled={readOnly} {...form.getInputProps('panelColumns')} />
              {/* The studio's: a school's design shows it and leaves it as it is. */}
              <SelectField
                label={t.printCondition}
                description={schoolId === null ? t.printConditionHint : t.printConditionFromStudio}
                data={optionsOf(t.printConditions, PRINT_CONDITIONS)}
                allowDeselect={false}
                {...form.getInputProps('printCondition')}
                disabled={readOnly || schoolId !== null}
              />
              {!readOnly && schoolId === null && v.printCondition === 'FOGRA51' ? (
                <PrintProfilePicker
                  current={v.printProfile}
                  picked={printProfile}
                  onPick={setPrintProfile}
                  onRemove={() => form.setFieldValue('printProfile', null)}
                />
              ) : null}
              <Labelled label={t.pageMultiple}>
                <SegmentedControl
                  data={PAGE_MULTIPLES.map((n) => String(n))}
                  disabled={readOnly}
                  value={String(v.pageMultiple)}
                  onChange={(value) => form.setFieldValue('pageMultiple', Number(value) as DesignSettings['pageMultiple'])}
                />
                <Text size="xs" c="dimmed">
                  {t.pageMultipleHint}
                </Text>
              </Labelled>
              {readOnly ? null : (
                <>
                  <ImagePicker
                    label={t.coverImage}
                    chooseLabel={t.chooseCover}
                    hint={tr.studio.logoHint.replace('2 MB', `${IMAGE_MAX_MB.cover} MB`)}
                    currentUrl={v.coverImageUrl}
                    previewAlt={t.coverImage}
                    maxMb={IMAGE_MAX_MB.cover}
                    picked={cover}
                    onPick={setCover}
                    size={72}
                  />
                  {v.coverImageUrl && !cover ? (
                    <Button variant="subtle" color="red" onClick={() => form.setFieldValue('coverImageUrl', null)} style={{ alignSelf: 'flex-start' }}>
                      {t.removeCover}
                    </Button>
                  ) : null}
                  <Group>
                    <Button type="submit" loading={saveDesign.isPending || uploading}>
                      {tr.words.save}
                    </Button>
                    {schoolId !== null && design.overridden ? (
                      <Button variant="default" color="red" onClick={remove} loading={removeOverride.isPending}>
                        {t.removeOverride}
                      </Button>
                    ) : null}
                  </Group>
                </>
              )}
            </Stack>
          </form>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="xs" role="region" aria-label={t.preview}>
          <Text fw={600}>{t.preview}</Text>
          {preview.data?.student ? (
            <PagePreview settings={cover ? { ...v, coverImageUrl: cover.image } : v} student={preview.data.student} />
          ) : preview.isError ? (
            <Alert color="red">{tr.error.description}</Alert>
          ) : preview.data ? (
            <Alert color="gray">{t.previewEmpty}</Alert>
          ) : (
            <Text c="dimmed">{tr.loading}</Text>
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
