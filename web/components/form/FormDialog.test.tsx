// @vitest-environment jsdom
import { NumberInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { branchBody } from '../../../common/schemas/organisation';
import { tr } from '../../../common/tr';
import { renderAt } from '../../test/render';
import { FormDialog } from './FormDialog';
import { zodValidate } from './zodValidate';

/** A branch form as the screens build one: a shared schema checks it before it is sent. */
function BranchDialog({ onSave, onClose = () => undefined }: { onSave(values: unknown): void; onClose?(): void }) {
  const form = useForm<{ grade: number | string; section: string; programme: string }>({
    initialValues: { grade: 12, section: '', programme: '' },
    validate: zodValidate(branchBody),
  });
  return (
    <FormDialog title="Yeni şube" onClose={onClose} onSubmit={form.onSubmit((values) => onSave(values))} busy={false} dirty={form.isDirty()}>
      <NumberInput label="Sınıf" {...form.getInputProps('grade')} />
      <TextInput label="Şube" {...form.getInputProps('section')} />
      <TextInput label="Alan" {...form.getInputProps('programme')} />
    </FormDialog>
  );
}

describe('a form dialog checked by a shared schema', () => {
  it('shows the schema’s Turkish message under each wrong field on submit, and sends nothing', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    renderAt(<BranchDialog onSave={onSave} />);
    const dialog = screen.getByRole('dialog', { name: 'Yeni şube' });
    const grade = within(dialog).getByRole('textbox', { name: 'Sınıf' });
    await user.clear(grade);
    await user.type(grade, '13');
    await user.click(within(dialog).getByRole('button', { name: 'Kaydet' }));

    expect(within(dialog).getByRole('textbox', { name: 'Şube' }).getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Bu alan zorunludur.')).toBeTruthy();
    expect(within(dialog).getByText('En fazla 12 olabilir.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    // A section of other letters gets the schema's own message.
    await user.type(within(dialog).getByRole('textbox', { name: 'Şube' }), 'A-1');
    await user.keyboard('{Enter}');
    expect(within(dialog).getByText(tr.organisation.validation.section)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends the values once they pass, Enter in a field submitting', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    renderAt(<BranchDialog onSave={onSave} />);
    await user.type(screen.getByRole('textbox', { name: 'Şube' }), 'ç{Enter}');
    expect(onSave).toHaveBeenCalledWith({ grade: 12, section: 'ç', programme: '' });
    expect(screen.queryByText('Bu alan zorunludur.')).toBeNull();
  });

  it('closes on "Vazgeç" while nothing is edited', async () => {
    const onClose = vi.fn();
    renderAt(<BranchDialog onSave={() => undefined} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Vazgeç' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
