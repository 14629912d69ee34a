/**
 * The class teacher's consent list (consent-list/{branchId}): every student of the branch and the
 * parents' answer for each purpose, styled to print alone on paper (the screen's frame left out).
 */
import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { todayInTurkey, displayDate } from '../../../common/dates';
import { CONSENT_PURPOSES } from '../../../common/schemas/consents';
import { tr } from '../../../common/tr';
import { PageHeader } from '../../components/PageHeader';
import { Loaded } from '../../components/QueryState';
import { HeadRow } from '../../components/list/HeadRow';
import { useConsentList } from './api';

const c = tr.consent;

export function ConsentListPage({ branchId }: { branchId: number }) {
  const list = useConsentList(branchId);
  const title = list.data ? c.list.title(list.data.branchName) : c.list.action;
  return (
    <Stack>
      <PageHeader
        title={title}
        actions={
          <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            {c.list.print}
          </Button>
        }
      />
      <Loaded query={list}>
        {(data) => (
          <div className="print-area">
            <Title order={3} size="h4">
              {`${data.schoolName} · ${c.list.title(data.branchName)}`}
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              {displayDate(todayInTurkey())}
            </Text>
            <Table withTableBorder withColumnBorders aria-label={title}>
              <HeadRow labels={[tr.students.fields.schoolNumber, tr.students.fields.fullName, ...CONSENT_PURPOSES.map((purpose) => c.purposes[purpose])]} />
              <Table.Tbody>
                {data.items.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{s.schoolNumber}</Table.Td>
                    <Table.Td>{s.name}</Table.Td>
                    {CONSENT_PURPOSES.map((purpose) => (
                      <Table.Td key={purpose} fw={s.states[purpose] === 'yes' ? undefined : 600}>
                        {c.states[s.states[purpose]]}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </Loaded>
    </Stack>
  );
}
