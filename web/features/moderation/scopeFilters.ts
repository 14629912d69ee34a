import { tr } from '../../../common/tr';
import type { ListFilter } from '../../components/list/ListToolbar';
import { recordOptions } from '../../components/SelectField';
import type { ListControl } from '../../components/list/useListState';
import { useScopeChoices } from './api';

/**
 * The school and branch filters of a list that spans the caller's scope. A filter with a single
 * choice is left out; choosing a school narrows the branches and clears the branch chosen.
 */
export function useScopeFilters(list: ListControl): Array<ListFilter | false> {
  const schools = useScopeChoices().data?.items ?? [];
  const chosenSchool = list.state.filters.schoolId;
  const branches = schools
    .filter((s) => !chosenSchool || String(s.id) === chosenSchool)
    .flatMap((s) => s.branches.map((b) => ({ value: String(b.id), label: schools.length > 1 ? `${s.name} · ${b.name}` : b.name })));
  return [
    schools.length > 1 && {
      name: 'schoolId',
      label: tr.messages.school,
      placeholder: tr.messages.allSchools,
      options: recordOptions(schools),
      resets: ['branchId'],
      width: 240,
    },
    branches.length > 1 && { name: 'branchId', label: tr.messages.branch, placeholder: tr.messages.allBranches, options: branches, width: 220 },
  ];
}
