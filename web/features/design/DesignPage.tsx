/** Yıllık Tasarımı: the studio's yearbook design and per-school overrides, with a live preview. */
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { tr } from '../../../common/tr';
import { PageHeader } from '../../components/PageHeader';
import { Loaded } from '../../components/QueryState';
import { recordOptions, SelectField } from '../../components/SelectField';
import { useSession } from '../../session/store';
import { DesignForm } from './DesignForm';
import { useDesign, useDesignSchools } from './api';

const STUDIO = 'studio';

export function DesignPage() {
  const info = useSession((s) => s.info)!;
  const isPanel = info.level === 'panel';
  // Panel chooses the studio design or a school; a school manager edits its own school; a branch manager only looks.
  const [scope, setScope] = useState<string>(isPanel ? STUDIO : String(info.school?.id ?? ''));
  const schoolId = scope === STUDIO ? null : Number(scope);
  const design = useDesign(schoolId);
  const schools = useDesignSchools(isPanel);

  const scopeOptions = [{ value: STUDIO, label: tr.design.studioDesign }, ...recordOptions(schools.data?.schools ?? [])];

  return (
    <Stack>
      <PageHeader title={tr.pages.design} />
      {isPanel ? (
        <SelectField label={tr.design.scope} data={scopeOptions} value={scope} onChange={(v) => v && setScope(v)} allowDeselect={false} maw={420} />
      ) : null}
      <Loaded query={design}>
        {/* One form per design shown; a refetch of the same design keeps the form and its edits. */}
        {(data) => <DesignForm key={scope} design={data} readOnly={info.level === 'branch'} onChanged={() => design.refetch()} />}
      </Loaded>
    </Stack>
  );
}
