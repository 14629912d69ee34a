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
