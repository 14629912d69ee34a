/**
 * Moderation by keyboard: j / k move to the next / previous row, a approves it, r opens its
 * rejection, ? shows the list of these keys. Keys typed into a field or while a dialog is open
 * are left alone.
 */
import { ActionIcon, Group, Kbd, Modal, Table } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { tr } from '../../../common/tr';

const t = tr.messages.shortcuts;
const KEYS: Array<[string, string]> = [
  ['j', t.next],
  ['k', t.previous],
  ['a', t.approve],
  ['r', t.reject],
  ['?', t.help],
];

function typingOrInDialog(target: EventTarget | null): boolean {
  if (document.querySelector('[role="dialog"]')) return true;
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function useModerationShortcuts<Row extends { id: number }>(rows: Row[] | undefined, act: { approve(row: Row): void; reject(row: Row): void }) {
  const [activeId, setActiveId] = useState<number | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const list = rows ?? [];
  // A row that left the page (decided, filtered away) hands the cursor to the first row.
  const active = list.find((row) => row.id === activeId) ?? null;

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey || typingOrInDialog(event.target)) return;
    if (event.key === '?') {
      event.preventDefault();
      setHelpOpen(true);
      return;
    }
    if (!list.length) return;
    const index = active ? list.indexOf(active) : -1;
    const move = (to: number) => {
      event.preventDefault();
      const row = list[Math.max(0, Math.min(list.length - 1, to))]!;
      setActiveId(row.id);
      requestAnimationFrame(() => document.querySelector('[data-active="true"]')?.scrollIntoView({ block: 'nearest' }));
    };
    if (event.key === 'j') move(index + 1);
    else if (event.key === 'k') move(index <= 0 ? 0 : index - 1);
    else if (active && event.key === 'a') {
      event.preventDefault();
      act.approve(active);
    } else if (active && event.key === 'r') {
      event.preventDefault();
      act.reject(active);
    }
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const helpButton = (
    <ActionIcon variant="default" size="lg" aria-label={t.open} title={t.open} onClick={() => setHelpOpen(true)}>
      <IconKeyboard size={18} />
    </ActionIcon>
  );
  const helpDialog = (
    <Modal opened={helpOpen} onClose={() => setHelpOpen(false)} title={t.title}>
      <Table>
        <Table.Tbody>
          {KEYS.map(([key, label]) => (
            <Table.Tr key={key}>
              <Table.Td w={60}>
                <Group>
                  <Kbd>{key}</Kbd>
                </Group>
              </Table.Td>
              <Table.Td>{label}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
  return { activeId: active?.id ?? null, helpButton, helpDialog };
}
