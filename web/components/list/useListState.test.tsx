// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { useListState } from './useListState';

/** Shows a list's state as text and offers each kind of change as a button. */
function Probe() {
  const list = useListState({ sort: 'name', filters: ['status'] });
  const { state } = list;
  return (
    <div>
      <output aria-label="durum">{`sayfa ${state.page} · ${state.perPage} · "${state.q}" · ${state.sort} ${state.order} · ${state.filters.status || '-'}`}</output>
      <output aria-label="süzülmüş">{list.filtered ? 'evet' : 'hayır'}</output>
      <button onClick={() => list.update({ page: 3 })}>3. sayfa</button>
      <button onClick={() => list.update({ q: 'ayşe' })}>Ara</button>
      <button onClick={() => list.update({ filters: { status: 'approved' } })}>Onaylananlar</button>
      <button onClick={list.clear}>Temizle</button>
    </div>
  );
}

const shown = (name: string) => screen.getByRole('status', { name }).textContent;

describe('useListState', () => {
  it('reads a list’s state from the address, with the defaults for what it leaves out', () => {
    renderAt(<Probe />, '/?page=2&perPage=50&q=ali&sort=createdAt&order=desc&status=pending');
    expect(shown('durum')).toBe('sayfa 2 · 50 · "ali" · createdAt desc · pending');
    expect(shown('süzülmüş')).toBe('evet');
  });

  it('starts on page 1, sorted by the default column, filtering nothing', () => {
    renderAt(<Probe />, '/?page=abc&order=sideways');
    expect(shown('durum')).toBe('sayfa 1 · 25 · "" · name asc · -');
    expect(shown('süzülmüş')).toBe('hayır');
  });

  it('keeps changes in the address; a search or a filter goes back to page 1, and clearing empties it', async () => {
    const user = userEvent.setup();
    const { search } = renderAt(<Probe />, '/?sort=name');
    await user.click(screen.getByRole('button', { name: '3. sayfa' }));
    expect(shown('durum')).toBe('sayfa 3 · 25 · "" · name asc · -');
    expect(search().get('page')).toBe('3');

    await user.click(screen.getByRole('button', { name: 'Ara' }));
    expect(shown('durum')).toBe('sayfa 1 · 25 · "ayşe" · name asc · -');
    expect(search().has('page')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Onaylananlar' }));
    expect(shown('durum')).toBe('sayfa 1 · 25 · "ayşe" · name asc · approved');
    expect(search().toString()).toBe('sort=name&q=ay%C5%9Fe&status=approved');

    await user.click(screen.getByRole('button', { name: 'Temizle' }));
    expect(shown('durum')).toBe('sayfa 1 · 25 · "" · name asc · -');
    expect(shown('süzülmüş')).toBe('hayır');
    expect(search().toString()).toBe('');
  });
});
