// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../test/render';
import { PageViewSwitch } from './PageViewSwitch';

describe('PageViewSwitch', () => {
  it('offers single pages and spreads and answers with the chosen view', async () => {
    const onChange = vi.fn();
    renderAt(<PageViewSwitch label="Yıllık" value="pages" onChange={onChange} />);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Tek sayfa' }).checked).toBe(true);
    await userEvent.click(screen.getByText('Çift sayfa'));
    expect(onChange).toHaveBeenCalledWith('spreads');
  });
});
