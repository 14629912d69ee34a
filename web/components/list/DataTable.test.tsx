// @vitest-environment jsdom
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render';
import { DataTable, type Column, type ListQuery } from './DataTable';
import { RowActionGroup } from './RowActionGroup';
import { RowIconButton } from './RowIconButton';
import { useListState } from './useListState';

interface Person {
  id: number;
  name: string;
  city: string;
}

const people: Person[] = [
  { id: 1, name: 'Ayşe Yılmaz', city: 'İzmir' },
  { id: 2, name: 'Çağrı Öztürk', city: 'Ankara' },
];

function PeopleTable({ result, onDelete = () => undefined }: { result: ListQuery<Person>; onDelete?(row: Person): void }) {
  const list = useListState({ sort: 'name', filters: ['city'] });
  const columns: Column<Person>[] = [
    { key: 'name', header: 'Ad soyad', sortKey: 'name', render: (row) => row.name },
    { key: 'city', header: 'İl', render: (row) => row.city },
    {
      key: 'actions',
      header: '',
      render: (row) => (
        <RowActionGroup justify="flex-end">
          <RowIconButton icon={IconEdit} label={`Düzenle: ${row.name}`} onClick={() => undefined} />
          <RowIconButton icon={IconTrash} color="red" label={`Sil: ${row.name}`} onClick={() => onDelete(row)} />
        </RowActionGroup>
      ),
    },
  ];
  return <DataTable columns={columns} list={list} result={result} caption="Kişiler" empty={{ title: 'Henüz kişi yok', description: 'İlk kişiyi ekleyin.' }} />;
}

const loaded = (items: Person[], total = items.length): ListQuery<Person> => ({ data: { items, total }, isFetching: false, isError: false });

describe('DataTable', () => {
  it('shows a row per record under the column headers, and the total', () => {
    renderAt(<PeopleTable result={loaded(people, 2)} />);
    const table = screen.getByRole('table', { name: 'Kişiler' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['Ad soyadİl', 'Ayşe Yılmazİzmir', 'Çağrı ÖztürkAnkara']);
    expect(screen.getByText('Toplam 2 kayıt')).toBeTruthy();
  });

  it('names each row’s action buttons after the row, and a click acts on that row', async () => {
    const onDelete = vi.fn();
    renderAt(<PeopleTable result={loaded(people)} onDelete={onDelete} />);
    expect(screen.getByRole('button', { name: 'Düzenle: Ayşe Yılmaz' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sil: Çağrı Öztürk' }));
    expect(onDelete).toHaveBeenCalledWith(people[1]);
    // The actions' cell is the one pinned to the table's right edge.
    expect(screen.getByRole('button', { name: 'Sil: Ayşe Yılmaz' }).closest('td')?.classList.contains('record-actions')).toBe(true);
  });

  it('sorts by a column on a click, the other way on the next, and says so to screen readers', async () => {
    const user = userEvent.setup();
    const { search } = renderAt(<PeopleTable result={loaded(people)} />, '/?sort=city');
    const header = () => screen.getByRole('button', { name: 'Ad soyad: sırala' }).closest('th')!;
    expect(header().getAttribute('aria-sort')).toBeNull();
    // A column without a sort key has no button.
    expect(screen.queryByRole('button', { name: 'İl: sırala' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Ad soyad: sırala' }));
    expect(search().get('sort')).toBe('name');
    expect(search().get('order')).toBe('asc');
    expect(header().getAttribute('aria-sort')).toBe('ascending');

    await user.click(screen.getByRole('button', { name: 'Ad soyad: sırala' }));
    expect(search().get('order')).toBe('desc');
    expect(header().getAttribute('aria-sort')).toBe('descending');
  });

  it('goes to another page from the pager', async () => {
    const { search } = renderAt(<PeopleTable result={loaded(people, 60)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sayfa 2' }));
    expect(search().get('page')).toBe('2');
  });

  it('says a list with no records is empty, and a search that finds nothing found nothing', () => {
    const first = renderAt(<PeopleTable result={loaded([])} />);
    expect(screen.getByText('Henüz kişi yok')).toBeTruthy();
    expect(screen.getByText('İlk kişiyi ekleyin.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    first.unmount();

    renderAt(<PeopleTable result={loaded([])} />, '/?q=zeynep');
    expect(screen.getByText('Kayıt bulunamadı.')).toBeTruthy();
    expect(screen.queryByText('Henüz kişi yok')).toBeNull();
  });

  it('says while it loads and when loading failed', () => {
    const first = renderAt(<PeopleTable result={{ isFetching: true, isError: false }} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByLabelText('Yükleniyor…')).toBeTruthy();
    first.unmount();
    renderAt(<PeopleTable result={{ isFetching: false, isError: true }} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});
