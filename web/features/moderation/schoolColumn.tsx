import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { tr } from '../../../common/tr';
import type { Column } from '../../components/list/RecordTable';
import { useScopeChoices } from './api';

/**
 * A "School" column for a list that spans several schools (the studio's lists): each row's
 * school by name, a link to the school. Null where the caller sees one school only.
 */
export function useSchoolColumn<Row extends { schoolId: number }>(): Column<Row> | null {
  const schools = useScopeChoices().data?.items ?? [];
  if (schools.length < 2) return null;
  const names = new Map(schools.map((s) => [s.id, s.name]));
  return {
    key: 'school',
    header: tr.messages.school,
    render: (row) => {
      const name = names.get(row.schoolId);
      return name ? (
        <Anchor component={Link} to={`/branches/${row.schoolId}`} size="sm">
          {name}
        </Anchor>
      ) : (
        '—'
      );
    },
  };
}
