// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { ListToolbar } from './ListToolbar';
import { useListState } from './useListState';

function Toolbar() {
  const list = useListState({ sort: 'name', filters: ['city', 'school'] });
  return (
    <ListToolbar
      list={list}
      searchPlaceholder="Ad veya numara ile ara…"
      filters={[
        {
          name: 'city',
          label: 'İl',
          placeholder: 'Tüm iller',
          options: [
            { value: '35', label: 'İzmir' },
            { value: '6', label: 'Ankara' },
          ],
          resets: ['school'],
        },
        { name: 'school', label: 'Okul', placeholder: 'Tüm okullar', options: [{ value: '7', label: 'Atatürk Lisesi' }] },
        false,
      ]}
    />
  );
}

// The search box tells the list after a pause in typing.
const told = { timeout: 5000 };

describe('ListToolbar', () => {
  it('puts what is typed in the search box into the list’s state, back on page 1', async () => {
    const user = userEvent.setup();
    const { search } = renderAt(<Toolbar />, '/?page=4');
    const box = screen.getByRole('textbox', { name: 'Ara' });
    expect(box.getAttribute('placeholder')).toBe('Ad veya numara ile ara…');
    await user.type(box, 'şule');
    await waitFor(() => expect(search().get('q')).toBe('şule'), told);
    expect(search().has('page')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Aramayı temizle' }));
    expect(search().has('q')).toBe(false);
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('shows the address’s search and filters, and a chosen filter clears the ones it resets', async () => {
    const user = userEvent.setup();
    const { search } = renderAt(<Toolbar />, '/?q=ali&school=7');
    expect((screen.getByRole('textbox', { name: 'Ara' }) as HTMLInputElement).value).toBe('ali');
    expect((screen.getByRole('combobox', { name: 'Okul' }) as HTMLInputElement).value).toBe('Atatürk Lisesi');

    await user.click(screen.getByRole('combobox', { name: 'İl' }));
    await user.click(await screen.findByRole('option', { name: 'Ankara' }));
    expect(search().get('city')).toBe('6');
    expect(search().has('school')).toBe(false);
    expect(search().get('q')).toBe('ali');
    expect((screen.getByRole('combobox', { name: 'İl' }) as HTMLInputElement).value).toBe('Ankara');
  });

  it('offers "Filtreleri temizle" only while something filters the list, and it empties search and filters', async () => {
    const user = userEvent.setup();
    const first = renderAt(<Toolbar />);
    expect(screen.queryByRole('button', { name: 'Filtreleri temizle' })).toBeNull();
    first.unmount();

    const { search } = renderAt(<Toolbar />, '/?q=ali&city=35&sort=name');
    await user.click(screen.getByRole('button', { name: 'Filtreleri temizle' }));
    expect(search().toString()).toBe('');
    expect((screen.getByRole('textbox', { name: 'Ara' }) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('combobox', { name: 'İl' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Filtreleri temizle' })).toBeNull();
  });
});
