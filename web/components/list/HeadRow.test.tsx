// @vitest-environment jsdom
import { Table } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { HeadRow } from './HeadRow';

describe('HeadRow', () => {
  it('shows one column header per label, in order', () => {
    renderAt(
      <Table aria-label="Öğrenciler">
        <HeadRow labels={['Okul numarası', 'Ad soyad', 'Şube']} />
      </Table>,
    );
    const headers = within(screen.getByRole('table', { name: 'Öğrenciler' })).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Okul numarası', 'Ad soyad', 'Şube']);
  });
});
