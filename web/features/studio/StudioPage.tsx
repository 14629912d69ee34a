/** Stüdyo (level panel): the studio profile and its logo; both appear in the layout and on the login page. */
import { Alert, Button, Center, Grid, Loader, Paper, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { StudioInfo } from '../../../common/schemas/auth';
import { studioBody, type StudioBody } from '../../../common/schemas/studio';
import { tr } from '../../../common/tr';
import { api } from '../../api';
import { useApiGet } from '../../api/query';
import { PageHeader } from '../../components/PageHeader';
import { SelectField } from '../../components/SelectField';
import { zodValidate } from '../../components/form/zodValidate';
import { loadUser } from '../../session/actions';
import { useSession } from '../../session/store';
import { toast } from '../../toast';
import { ImagePicker } from './ImagePicker';

const t = tr.studio;
type Answer = { success: true; studio: StudioInfo };

function StudioForm({ studio, onSaved }: { studio: StudioInfo; onSaved(): void }) {
  const cities = useSession((s) => s.info?.cities ?? []);
  const [busy, setBusy] = useState(false);
  const form = useForm<Omit<StudioBody, 'cityId'> & { cityId: string | null }>({
    mode: 'controlled',
    initialValues: {
      name: studio.name,
      phone: studio.phone,
      email: studio.email,
      address: studio.address,
      cityId: studio.cityId ? String(studio.cityId) : null,
      website: studio.website,
    },
    validate: (values) => zodValidate(studioBody)({ ...values, cityId: values.cityId ? Number(values.cityId) : null }),
  });
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    const result = await api.put<Answer>('studio', { ...values, cityId: values.cityId ? Number(values.cityId) : null });
    setBusy(false);
    if (!result) return;
    toast('success', tr.saved);
    onSaved();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
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
            <SelectField label={t.city} data={cities.map((c) => ({ value: String(c.id), label: c.name }))} clearable {...form.getInputProps('cityId')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t.website} placeholder="https://" {...form.getInputProps('website')} />
          </Grid.Col>
        </Grid>
        <Button type="submit" loading={busy} style={{ alignSelf: 'flex-start' }}>
          {tr.words.save}
        </Button>
      </Stack>
    </form>
  );
}

export function StudioPage() {
  const studio = useApiGet<Answer>(['studio'], 'studio', undefined, { alwaysFresh: true });
  const [uploading, setUploading] = useState(false);
  const refresh = async () => {
    await Promise.all([studio.refetch(), loadUser()]);
  };

  let content;
  if (studio.isError) {
    content = (
      <Alert color="red" title={tr.error.title}>
        {tr.error.description}
      </Alert>
    );
  } else if (!studio.data) {
    content = (
      <Center py="xl" aria-busy="true">
        <Loader aria-label={tr.loading} />
      </Center>
    );
  } else {
    const s = studio.data.studio;
    content = (
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="md" radius="md" aria-label={t.profile}>
            <StudioForm studio={s} onSaved={refresh} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md" radius="md">
            <ImagePicker
              label={t.logo}
              chooseLabel={t.chooseLogo}
              hint={t.logoHint}
              currentUrl={s.logoUrl}
              previewAlt={t.logoAlt(s.name)}
              uploading={uploading}
              onUpload={async ({ file }) => {
                const form = new FormData();
                form.append('file', file);
                setUploading(true);
                const result = await api.upload<Answer>('studio/logo', form);
                setUploading(false);
                if (!result) return false;
                toast('success', t.logoUploaded);
                await refresh();
                return true;
              }}
            />
          </Paper>
        </Grid.Col>
      </Grid>
    );
  }
  return (
    <Stack>
      <PageHeader title={tr.pages.studio} />
      {content}
    </Stack>
  );
}
