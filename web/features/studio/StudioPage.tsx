/** Stüdyo (level panel): the studio profile and its logo; both appear in the layout and on the login page. */
import { Button, Grid, NumberInput, Paper, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { IconFileCertificate } from '@tabler/icons-react';
import type { StudioInfo } from '../../../common/schemas/auth';
import { IMAGE_MAX_MB, studioBody, type StudioBody } from '../../../common/schemas/studio';
import { tr } from '../../../common/tr';
import { attempt } from '../../api/query';
import { LeaveGuard } from '../../components/LeaveGuard';
import { PageHeader } from '../../components/PageHeader';
import { Loaded } from '../../components/QueryState';
import { recordOptions, SelectField } from '../../components/SelectField';
import { zodValidate } from '../../components/form/zodValidate';
import { loadUser } from '../../session/actions';
import { useSession } from '../../session/store';
import { useStaleGuard } from '../../components/form/staleRecord';
import { readStudio, useSaveStudio, useStudio, useUploadStudioLogo } from './api';
import { ImagePicker, type PickedImage } from './ImagePicker';

const t = tr.studio;

/** The profile and the logo in one form: its "Kaydet" sends a picked logo and the profile, and says "Kaydedildi." once both are in. */
function StudioForm({ studio, onSaved }: { studio: StudioInfo; onSaved(): Promise<unknown> }) {
  const cities = useSession((s) => s.info?.cities ?? []);
  const save = useSaveStudio();
  const uploadLogo = useUploadStudioLogo();
  const [logo, setLogo] = useState<PickedImage | null>(null);
  const form = useForm<Omit<StudioBody, 'cityId'> & { cityId: string | null }>({
    mode: 'controlled',
    initialValues: {
      name: studio.name,
      phone: studio.phone,
      email: studio.email,
      address: studio.address,
      cityId: studio.cityId ? String(studio.cityId) : null,
      website: studio.website,
      retentionMonths: studio.retentionMonths,
      coverageGoal: studio.coverageGoal,
    },
    validate: (values) => zodValidate(studioBody)({ ...values, cityId: values.cityId ? Number(values.cityId) : null }),
  });
  const stale = useStaleGuard(
    studio,
    readStudio,
    {
      name: t.name,
      phone: t.phone,
      email: t.email,
      address: t.address,
      cityId: t.city,
      website: t.website,
      retentionMonths: tr.kvkk.retention.months,
      coverageGoal: tr.coverage.goal,
    },
    (current) => {
      // What the person typed stays; the fields they left alone show what is stored now.
      for (const field of ['name', 'phone', 'email', 'address', 'website'] as const) {
        if (!form.isDirty(field)) form.setFieldValue(field, current[field]);
      }
      if (!form.isDirty('retentionMonths')) form.setFieldValue('retentionMonths', current.retentionMonths);
      if (!form.isDirty('coverageGoal')) form.setFieldValue('coverageGoal', current.coverageGoal);
      if (!form.isDirty('cityId')) form.setFieldValue('cityId', current.cityId ? String(current.cityId) : null);
    },
  );
  const submit = form.onSubmit(async (values) => {
    if (logo) {
      if (!(await attempt(() => uploadLogo.mutateAsync(logo.file)))) return;
      setLogo(null);
    }
    const body = { ...values, cityId: values.cityId ? Number(values.cityId) : null, version: stale.version };
    const saved = await attempt(() => save.mutateAsync({ body, onErrorBody: stale.onErrorBody }), tr.saved);
    if (!saved) return;
    stale.saved(saved.studio);
    form.resetDirty();
    await onSaved();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Grid>
        {uploadLogo.isPending ? <LeaveGuard /> : form.isDirty() || logo ? <LeaveGuard message={tr.unsaved.leavePage} /> : null}
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="md" radius="md" aria-label={t.profile}>
            <Stack>
              {stale.notice}
              <TextInput label={t.name} required {...form.getInputProps('name')} />
              <Grid>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput label={t.phone} type="tel" {...form.getInputProps('phone')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput label={t.email} type="email" {...form.getInputProps('email')} />
                </Grid.Col>
              </Grid>
              <Textarea label={t.address} autosize minRows={2} {...form.getInputProps('address')} />
              <Grid>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <SelectField label={t.city} data={recordOptions(cities)} clearable {...form.getInputProps('cityId')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <TextInput label={t.website} placeholder="https://" {...form.getInputProps('website')} />
                </Grid.Col>
              </Grid>
              <NumberInput
                label={tr.kvkk.retention.months}
                description={tr.kvkk.retention.monthsHint}
                min={1}
                max={120}
                allowDecimal={false}
                allowNegative={false}
                maw={320}
                {...form.getInputProps('retentionMonths')}
              />
              <NumberInput
                label={tr.coverage.goal}
                description={tr.coverage.goalHint}
                min={1}
                max={100}
                allowDecimal={false}
                allowNegative={false}
                maw={320}
                {...form.getInputProps('coverageGoal')}
              />
              <Button type="submit" loading={save.isPending || uploadLogo.isPending} style={{ alignSelf: 'flex-start' }}>
                {tr.words.save}
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md" radius="md">
            <ImagePicker
              label={t.logo}
              chooseLabel={t.chooseLogo}
              hint={t.logoHint}
              currentUrl={studio.logoUrl}
              previewAlt={t.logoAlt(studio.name)}
              maxMb={IMAGE_MAX_MB.logo}
              picked={logo}
              onPick={setLogo}
            />
          </Paper>
        </Grid.Col>
      </Grid>
    </form>
  );
}

export function StudioPage() {
  const studio = useStudio();

  return (
    <Stack>
      <PageHeader
        title={tr.pages.studio}
        actions={
          <Button variant="default" component={Link} to="/consent-texts" leftSection={<IconFileCertificate size={16} />}>
            {tr.parent.texts.title}
          </Button>
        }
      />
      {/* The layout shows the studio's name and logo from user info, so it is loaded again after a write. */}
      <Loaded query={studio}>{(data) => <StudioForm studio={data.studio} onSaved={loadUser} />}</Loaded>
    </Stack>
  );
}
