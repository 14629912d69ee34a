/**
 * The select-dropdown every screen uses: searchable with Turkish folding ("izmir" finds
 * "İzmir", "sule" finds "Şule"), options kept in the order given (callers pass them sorted).
 */
import { Select, type ComboboxItem, type SelectProps } from '@mantine/core';
import { searchKey } from '../../common/text';
import { tr } from '../../common/tr';

export type SelectFieldProps = Omit<SelectProps, 'filter'>;

function turkishFilter({ options, search }: { options: ComboboxItem[] | unknown[]; search: string }) {
  const needle = searchKey(search);
  if (!needle) return options as ComboboxItem[];
  return (options as ComboboxItem[]).filter((option) => 'label' in option && searchKey(option.label).includes(needle));
}

export function SelectField(props: SelectFieldProps) {
  return (
    <Select searchable nothingFoundMessage={tr.noRecords} comboboxProps={{ withinPortal: true }} {...props} filter={turkishFilter as SelectProps['filter']} />
  );
}

/** Options from labels keyed by value, in the order of `values` (by default the labels' own order). */
export function optionsOf<const T extends string>(labels: Record<T, string>, values: readonly T[] = Object.keys(labels) as T[]) {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** Options from records with an id and a name (cities, schools, branches): the id, as text, is the value. */
export const recordOptions = (records: ReadonlyArray<{ id: number; name: string }>) =>
  records.map((record) => ({ value: String(record.id), label: record.name }));
